import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/repositories/orders';
import type { Catalog } from '../../domain/catalog';
import type { ProcessorFor } from '../shared/payments';

/** What the rental's use cases are built with (docs/decisions/my-booking.md). */
export type ChangeDeps = { db: Db; processorFor: ProcessorFor; now: () => Date; links?: { hostedBaseUrl: string } };
/** The order a caller may change, with its company's catalog: the link's, the key's or the office's. */
export type Rental = { catalog: Catalog; order: OrderRow };
/** Who asks: a customer through the link, a company's server key, or an office member. */
export type Actor = 'customer' | 'api' | `office:${string}`;
