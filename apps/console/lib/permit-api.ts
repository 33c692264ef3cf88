import { type ApiResult, api, call } from './api';
import type { OrderPermit } from './permits';

/** The permit's writes on the console API (docs/decisions/street-permits.md), through the app's one client. */

/**
 * Records (or replaces) an order's permit: multipart, the number and dates first, then the scan when one was
 * chosen (without one, the scan recorded before is kept).
 */
export function recordPermit(orderNumber: number, form: FormData): Promise<ApiResult<OrderPermit>> {
  const body = new FormData();
  for (const name of ['number', 'starts_on', 'ends_on']) body.append(name, String(form.get(name) ?? '').trim());
  const scan = form.get('scan');
  if (scan instanceof Blob && scan.size > 0) body.append('scan', scan, (scan as File).name || 'permit-scan');
  // The operation declares no JSON body: a FormData goes as it is (openapi-fetch sets the boundary).
  return call(
    api.POST('/orders/{order_number}/permit', { params: { path: { order_number: orderNumber } }, body: body as never }),
  ) as Promise<ApiResult<OrderPermit>>;
}

/** An owner sends an order out for delivery without its permit, with the reason kept in the audit. */
export function overridePermit(orderNumber: number, reason: string): Promise<ApiResult<unknown>> {
  return call(
    api.POST('/orders/{order_number}/status', {
      params: { path: { order_number: orderNumber } },
      body: { status: 'out_for_delivery', override_reason: reason.trim() },
    }),
  );
}
