import { describe, expect, it } from 'vitest';
import { catalog, size } from '../domain/test-catalog';
import { quoteRental } from '../use-cases/dumpster/read-catalog';
import { presentQuote, presentQuoteText } from './catalog';

const SIZE = size();
const TODAY = '2026-11-23';

/** presentQuoteText with a pricing step that counts its calls. */
function counted(cat = catalog({ sizes: [SIZE] })) {
  let priced = 0;
  const quote = (choices: { size_id: string; rental_days: number; promo_code?: string }, today = TODAY) =>
    presentQuoteText(cat, choices, today, (body) => {
      priced++;
      return quoteRental({ catalog: cat } as never, body, today);
    });
  return { cat, quote, priced: () => priced };
}

describe('POST /quote answers kept per catalog version', () => {
  it('answers what presentQuote answers, priced once for the same choices on the same day', () => {
    const { cat, quote, priced } = counted();
    const body = { size_id: SIZE.id, rental_days: 9 };
    const first = quote(body);
    expect(JSON.parse(first.text)).toEqual(presentQuote(cat, quoteRental({ catalog: cat } as never, body, TODAY)));
    expect(quote({ ...body })).toBe(first);
    expect(priced()).toBe(1);
  });

  it('prices again for other choices, another day, or another catalog version', () => {
    const { quote, priced } = counted();
    const before = quote({ size_id: SIZE.id, rental_days: 9 });
    quote({ size_id: SIZE.id, rental_days: 10 });
    quote({ size_id: SIZE.id, rental_days: 9, promo_code: 'NONE' });
    quote({ size_id: SIZE.id, rental_days: 9 }, '2026-11-24');
    expect(priced()).toBe(4);
    // A change replaces the catalog: the same choices on the new version are priced from it.
    const repriced = counted(catalog({ sizes: [size({ prices: { ...SIZE.prices, d7: 35_500 } })] }));
    const after = repriced.quote({ size_id: SIZE.id, rental_days: 9 });
    expect(repriced.priced()).toBe(1);
    expect(JSON.parse(after.text).lines.base - JSON.parse(before.text).lines.base).toBe(10);
  });

  it('keeps nothing for a refused choice, and at most 64 a version', () => {
    const { quote, priced } = counted();
    const unknown = { size_id: '00000000-0000-4000-8000-000000000999', rental_days: 9 };
    expect(() => quote(unknown)).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => quote(unknown)).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(priced()).toBe(2);
    for (let days = 1; days <= 65; days++) quote({ size_id: SIZE.id, rental_days: days });
    expect(priced()).toBe(2 + 65);
    // The 65th choice forgot the first 64: the first is priced again.
    quote({ size_id: SIZE.id, rental_days: 1 });
    expect(priced()).toBe(2 + 66);
  });
});
