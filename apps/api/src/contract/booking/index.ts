import { getAvailability } from './calendar';
import { getMaterials, listSizes } from './catalog';
import { check } from './checks';
import { getCompany } from './company';
import { junkReadOperations } from './junk';
import { junkOrderOperations } from './junk-orders';
import { confirm, createIntent, getSession } from './orders';
import { quote } from './quote';
import { orderChangeOperations } from './rentals';

export { AvailabilityQuery, getAvailability } from './calendar';
/** The Booking API's operations, declared once: validation, handler types and the OpenAPI document. */
export { getMaterials, listSizes } from './catalog';
export { CheckBody, check } from './checks';
export { getCompany } from './company';
export { getJunkAvailability, getJunkConfig, JunkAvailabilityQuery, JunkQuoteBody, junkQuote } from './junk';
export { confirmJunk, createJunkIntent, JunkIntentBody, uploadJunkPhotos } from './junk-orders';
export { ConfirmBody, confirm, createIntent, getSession, IntentBody } from './orders';
export { QuoteBody, quote } from './quote';
export { confirmOrderChange, getOrder, makeOrderChange, quoteOrderChange } from './rentals';

export const bookingOperations = [
  getCompany,
  listSizes,
  getMaterials,
  getAvailability,
  check,
  quote,
  createIntent,
  confirm,
  getSession,
  ...junkReadOperations,
  ...junkOrderOperations,
  ...orderChangeOperations,
];
