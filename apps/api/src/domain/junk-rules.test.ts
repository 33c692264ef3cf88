import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { checkJunkRules, priceJunk } from './junk-rules';
import { evaluatePromo } from './promo';
import { catalog, company, junkSetup, promo } from './test-catalog';

const clock = { today: '2026-11-23', time: '09:30' };
const request = {
  load_fraction: '1/4',
  job_date: '2026-11-24',
  time_window_start: '08:00',
  time_window_end: '10:00',
  zip: '78701',
  customer: { email: 'pat@example.com' },
};

function code(fn: () => unknown) {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof DomainError ? `${err.code}:${err.field ?? ''}` : String(err);
  }
}

describe('junk prices, in cents', () => {
  const quarter = junkSetup().loads[1]!;
  it.each([
    ['no promo', null, { base: 24_900, promoDiscount: 0, total: 24_900, processingFee: 752, grossTotal: 25_652 }],
    ['10% off, half-up', promo({ percentMilli: 10_000 }), { promoDiscount: 2_490, total: 22_410 }],
    ['12.5% off rounds half up', promo({ percentMilli: 12_500 }), { promoDiscount: 3_113 }],
    [
      'an amount never more than the price',
      promo({ type: 'amount', amountCents: 99_999 }),
      { promoDiscount: 24_900, total: 0, processingFee: 30 },
    ],
  ])('%s', (_, p, expected) => {
    const c = catalog({ promos: p ? new Map([['SAVE', p]]) : new Map() });
    const result = p ? evaluatePromo(c.promos, 'save', clock.today) : null;
    expect(priceJunk(c, quarter, result)).toMatchObject(expected);
  });

  it('a company that absorbs the card fee charges the total', () => {
    const c = catalog({
      company: company({ cardFee: { handling: 'company_absorbs', percentMilli: 0, fixedCents: 0 } }),
    });
    expect(priceJunk(c, quarter, null)).toMatchObject({ processingFee: 0, grossTotal: 24_900 });
  });
});

describe('the junk booking rules, in order', () => {
  const ctx = { clock, canTakePayments: true };
  it.each([
    ['an unknown load', catalog(), { load_fraction: '5/8' }, 'not_found:load_fraction'],
    ['junk booking off', catalog({ junk: junkSetup({ online: false }) }), {}, 'booking_offline:'],
    ['company booking off', catalog({ company: company({ bookingOnline: false }) }), {}, 'booking_offline:'],
    ['payments not ready', catalog({ company: company({ paymentsReady: false }) }), {}, 'payments_not_ready:'],
    ['a Sunday', catalog(), { job_date: '2026-11-29' }, 'slot_non_working_day:job_date'],
    [
      'outside the junk area',
      catalog({ junk: junkSetup({ serviceAreaZips: ['10001'] }) }),
      {},
      'out_of_service_area:zip',
    ],
    [
      'outside the company area',
      catalog({ company: company({ serviceAreaZips: ['10001'] }) }),
      {},
      'out_of_service_area:zip',
    ],
    ['a bad ZIP', catalog(), { zip: 'nope' }, 'invalid_body:zip'],
    ['an unknown promo', catalog(), { promo_code: 'NOPE' }, 'promo_invalid:promo_code'],
    [
      'a commercial account',
      catalog({ commercialEmails: new Set(['pat@example.com']) }),
      {},
      'account_customer:customer.email',
    ],
    [
      'the load is checked before booking off',
      catalog({ junk: junkSetup({ online: false }) }),
      { load_fraction: 'x' },
      'not_found:load_fraction',
    ],
    [
      'the day before the service area',
      catalog({ company: company({ serviceAreaZips: ['10001'] }) }),
      { job_date: '2026-11-29' },
      'slot_non_working_day:job_date',
    ],
  ])('%s', (_, c, overrides, expected) => {
    expect(code(() => checkJunkRules(c, { ...request, ...overrides }, ctx))).toBe(expected);
  });

  it('a good request freezes the price, the load and the window; the junk area replaces the company area', () => {
    const c = catalog({
      company: company({ serviceAreaZips: ['10001'] }),
      junk: junkSetup({ serviceAreaZips: ['78701'] }),
    });
    expect(checkJunkRules(c, request, ctx)).toMatchObject({
      quote: { base: 24_900, grossTotal: 25_652 },
      load: { fraction: '1/4', label: 'Quarter truck' },
      window: { date: '2026-11-24', start: '08:00', end: '10:00' },
      promoCode: null,
    });
  });
});
