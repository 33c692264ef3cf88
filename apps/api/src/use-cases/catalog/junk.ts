import type { z } from '@hono/zod-openapi';
import type { JunkQuoteBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { seatsTaken } from '../../db/repositories/junk';
import { addDays, daysBetween } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { findLoad, priceJunk } from '../../domain/junk-rules';
import { JUNK_DEFAULT_SPAN, JUNK_MAX_SPAN, junkDays, type SlotClock } from '../../domain/junk-slots';
import { evaluatePromo } from '../../domain/promo';
import type { CatalogScope } from '../../domain/scope';

/** POST /junk/quote: pure computation on the cached catalog, in cents. */
export function quoteJunk({ catalog }: CatalogScope, body: z.infer<typeof JunkQuoteBody>, today: string) {
  const load = findLoad(catalog, body.load_fraction);
  const promo = body.promo_code === undefined ? null : evaluatePromo(catalog.promos, body.promo_code, today);
  return { load, promo, cents: priceJunk(catalog, load, promo) };
}

/** The checked range of GET /junk/availability: from defaults to today, to to from + 29, at most 120 days. */
export function junkRange(query: { from?: string; to?: string }, today: string) {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, JUNK_DEFAULT_SPAN);
  const span = daysBetween(from, to);
  if (span < 0) throw new DomainError('invalid_parameter', '`to` is before `from`.', { field: 'to' });
  if (span > JUNK_MAX_SPAN) {
    throw new DomainError('invalid_parameter', `\`to\` is at most ${JUNK_MAX_SPAN} days after \`from\`.`, {
      field: 'to',
    });
  }
  return { from, to };
}

/** GET /junk/availability: the calendar's rules with the seats jobs and held intents have taken. */
export async function junkAvailability(
  db: Db,
  { catalog }: CatalogScope,
  query: { from?: string; to?: string },
  clock: SlotClock,
  _now: Date,
) {
  const range = junkRange(query, clock.today);
  const taken = await seatsTaken(db, catalog.company.id, range.from, range.to);
  const days = junkDays(catalog.junk, clock, range.from, range.to, (date, start) => taken.get(`${date} ${start}`) ?? 0);
  return { range, days };
}
