/**
 * The office's shapes as the console API answers them (apps/api/src/contract/console/office.ts).
 * Provisional until the typed client (@svc/sdk/console) carries the office's operations.
 */
export type Page<T> = { data: T[]; page: number; per_page: number; has_more: boolean };

export type Held = {
  kind: 'order' | 'job';
  number: number;
  customer_name: string;
  customer_email: string;
  what: string;
  amount: number;
  currency: string;
  created_at: string;
};

export type StuckSession = {
  session_id: string;
  kind: 'dumpster' | 'junk';
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  amount: number;
  currency: string;
  last_error: string | null;
  created_at: string;
};

export type Lead = {
  id: string;
  status: 'new' | 'contacted' | 'converted' | 'discarded';
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  size_label: string | null;
  note: string | null;
  source: 'api' | 'office';
  customer_ref: string | null;
  created_at: string;
};

export type TroubledEndpoint = {
  id: string;
  api: 'booking' | 'data';
  url: string;
  enabled: boolean;
  consecutive_failures: number;
  disabled_at: string | null;
};

export type NeedsAction = {
  held: Held[];
  unconfirmed_sessions: StuckSession[];
  new_leads: Lead[];
  webhook_endpoints: TroubledEndpoint[];
};

export type Decision = { number: number; status: string; previous_status: string; payment_status: string };

export type Stop = {
  kind: 'delivery' | 'pickup';
  order_number: number;
  status: string;
  moves: string[];
  size: string;
  customer_name: string;
  customer_phone: string;
  address: string;
};

export type DayJob = {
  job_number: number;
  status: string;
  moves: string[];
  window: { start: string; end: string };
  load: string;
  customer_name: string;
  customer_phone: string;
  address: string;
};

export type DispatchDay = { date: string; deliveries: Stop[]; pickups: Stop[]; jobs: DayJob[] };

export type Customer = {
  id: string;
  name: string;
  email: string;
  phone: string;
  type: 'residential' | 'contractor';
  company_name: string | null;
  created_at: string;
};

export type TimelineEntry = {
  at: string;
  what: string;
  source: 'record' | 'webhook' | 'email' | 'sms' | 'console';
  detail: string | null;
};

export type RecordCommon = {
  status: string;
  moves: string[];
  customer: Customer | null;
  address: Record<string, unknown> & { text: string };
  payment: {
    status: string;
    invoice_status: string | null;
    authorization: 'authorized' | 'captured' | 'canceled' | null;
    amount: number | null;
    currency: string;
    processor: string | null;
    payment_intent: string | null;
    session_id: string | null;
  };
  attribution: Record<string, string> | null;
  booking_channel: string;
  risk_review: boolean;
  invoice: {
    lines: { label: string; amount: number }[];
    total: number;
    processing_fee: number;
    gross_total: number;
    currency: string;
  };
  timeline: TimelineEntry[];
  created_at: string;
  updated_at: string;
};

export type ConsoleOrder = RecordCommon & {
  order_number: number;
  size: string;
  material: string | null;
  rental_days: number;
  delivery_date: string;
  pickup_date: string;
};

export type ConsoleJob = RecordCommon & {
  job_number: number;
  load: string;
  job_date: string;
  window: { start: string; end: string };
  notes: string | null;
  photos: { id: string; content_type: string; bytes: number; width: number; height: number; created_at: string }[];
};

export type Estimate = {
  id: string;
  kind: 'dumpster' | 'junk';
  status: 'open' | 'expired' | 'converted';
  requested_date: string;
  customer: { name: string; email: string; phone: string };
  total_price: number;
  gross_total: number;
  currency: string;
  created_at: string;
};

export type CustomerLine = Customer & { orders: number; jobs: number };
