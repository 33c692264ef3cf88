import type { ConfirmOutcome, Intent } from '@svc/sdk';
import type { Answers } from './answers';

/**
 * What our pages learn of a company from its slug alone: GET /embed/v1/companies/{slug} of the API
 * (declared in apps/api/src/contract/embed.ts; see docs/decisions.md, "How our pages find a company's key").
 */
export type CompanyEmbed = {
  slug: string;
  name: string;
  branding: { logo_url: string | null; primary_color: string; accent_color: string | null };
  publishable_key: string | null;
  is_online: boolean;
  payments_ready: boolean;
  hosted_page_url: string;
  /** Whether the asking page may use the key (null: asked without an Origin, from a server). */
  origin_allowed: boolean | null;
};

/** svc:booking:complete's detail: an order was confirmed, or received and held for review. */
export type BookingComplete = { order_number: number; amount: number };
/** svc:booking:unconfirmed's detail: the card is authorized, the order not made yet. Never a conversion. */
export type BookingUnconfirmed = { reference: string };

export type Channel = 'link' | 'widget';

/** A payment in progress: kept in sessionStorage so a reload or a 3-D Secure return resumes it. */
export type Pending = { intent: Intent; answers: Answers; sizeLabel: string };
/** A finished booking, shown again after a reload instead of inviting a second order. */
export type Done = { outcome: ConfirmOutcome; email: string; amount: number; currency: string };

/** Looks up a company for our pages; null for an unknown company. */
export async function fetchCompanyEmbed(apiBaseUrl: string, slug: string, init?: RequestInit) {
  const res = await fetch(`${apiBaseUrl.replace(/\/$/, '')}/embed/v1/companies/${encodeURIComponent(slug)}`, init);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`company lookup failed: HTTP ${res.status}`);
  return ((await res.json()) as { data: CompanyEmbed }).data;
}
