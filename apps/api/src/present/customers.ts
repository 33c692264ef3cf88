import type { Bookings, CustomerRow } from '../db/repositories/customers';
import type { jobsOfCustomer } from '../db/repositories/junk';
import type { ordersOfCustomer } from '../db/repositories/orders';
import { dollars } from '../messages/money';

/** Customers: the console's list and page, and the Data API's (docs/decisions/data-api-customers.md). */

export function presentOfficeCustomer(customer: CustomerRow) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    type: customer.type,
    company_name: customer.companyName,
    created_at: customer.createdAt.toISOString(),
  };
}

/** A line of the customers' list: the customer and how many orders and jobs they have. */
export function presentCustomerLine(line: { customer: CustomerRow; orders: number; jobs: number }) {
  return { ...presentOfficeCustomer(line.customer), orders: line.orders, jobs: line.jobs };
}

/** A customer's page as read (use-cases/customers/read.ts): the customer with their orders and jobs. */
export type CustomerDetail = {
  customer: CustomerRow;
  orders: Awaited<ReturnType<typeof ordersOfCustomer>>;
  jobs: Awaited<ReturnType<typeof jobsOfCustomer>>;
};

/** A customer's page: the customer with their orders and jobs. */
export function presentCustomerDetail({ customer, orders, jobs }: CustomerDetail) {
  return {
    ...presentOfficeCustomer(customer),
    orders: orders.map((o) => ({
      order_number: o.orderNumber,
      status: o.status,
      size: o.sizeLabel,
      delivery_date: o.deliveryDate,
      gross_total: dollars(o.grossTotalCents),
      currency: o.currency,
      created_at: o.createdAt.toISOString(),
    })),
    jobs: jobs.map((j) => ({
      job_number: j.jobNumber,
      status: j.status,
      load: j.loadLabel,
      job_date: j.jobDate,
      gross_total: dollars(j.grossTotalCents),
      currency: j.currency,
      created_at: j.createdAt.toISOString(),
    })),
  };
}

/** A customer as the Data API shows it, with its orders and jobs counted (use-cases/customers/data-api.ts). */
export type ShownCustomer = { customer: CustomerRow; bookings: Bookings };

/**
 * The Data API's customers, estimates and sizes (docs/decisions/data-api-lists.md): dollars,
 * snake_case, and nothing the spec hides. An estimate never shows the session's payment, its client
 * secret, its errors, the placement's GPS coordinates or the page's attribution.
 */
export function presentDataCustomer({ customer, bookings }: ShownCustomer) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    type: customer.type,
    company_name: customer.companyName,
    orders_count: bookings.orders,
    jobs_count: bookings.jobs,
    first_booking_at: bookings.first?.toISOString() ?? null,
    last_booking_at: bookings.last?.toISOString() ?? null,
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
  };
}
