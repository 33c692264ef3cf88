import type { Catalog, Material, Size } from './catalog';
import { TIERS } from './catalog';
import { DomainError } from './errors';
import { percentOf } from './money';
import type { PromoResult } from './promo';

export type QuoteCents = {
  pricing: 'material' | 'general';
  base: number;
  extraDays: number;
  fuelFee: number;
  promoDiscount: number;
  subtotal: number;
  taxPercentMilli: number;
  tax: number;
  total: number;
  processingFee: number;
  grossTotal: number;
};

/** The smallest defined tier price: what a size costs "from". */
export function priceFromCents(size: Size): number {
  const defined = TIERS.map(([key]) => size.prices[key]).filter((p): p is number => p !== null);
  return Math.min(...defined);
}

/**
 * General pricing: the largest defined tier whose days are at most rentalDays (or the smallest tier when
 * rentalDays is below every tier); each day past that tier adds extra_day.
 */
export function generalBase(size: Size, rentalDays: number): { base: number; extraDays: number } {
  const defined = TIERS.filter(([key]) => size.prices[key] !== null);
  const tier = defined.filter(([, days]) => days <= rentalDays).at(-1) ?? defined[0];
  if (!tier) throw new Error(`size ${size.id} has no price`);
  const [key, days] = tier;
  return { base: size.prices[key] as number, extraDays: Math.max(0, rentalDays - days) * size.extraDayCents };
}

/** Days a material price covers before extra_day applies (spec: "replaces the 7-day base"). */
export const MATERIAL_BASE_DAYS = 7;

/**
 * Which sizes accept a material, with the price each would charge: the material's own price, or the
 * size's price_from when the material has none there. With policy 'all', every active size accepts it.
 */
export function sizesAccepting(catalog: Catalog, material: Material): { size: Size; priceCents: number }[] {
  return catalog.sizes.flatMap((size) => {
    const entry = material.sizes.find((m) => m.sizeId === size.id);
    if (material.sizePolicy === 'listed' && !entry) return [];
    return [{ size, priceCents: entry?.priceCents ?? priceFromCents(size) }];
  });
}

export function materialNotAllowed(catalog: Catalog, material: Material, size: Size): DomainError {
  return new DomainError(
    'material_not_allowed',
    `${material.label} is not accepted in the ${size.label}. Choose one of the sizes in details.allowed_sizes.`,
    {
      field: 'material',
      details: {
        material: material.slug,
        allowed_sizes: sizesAccepting(catalog, material).map(({ size: s, priceCents }) => ({
          id: s.id,
          label: s.label,
          yards: s.yards,
          price_cents: priceCents,
        })),
      },
    },
  );
}

export type QuoteInput = {
  size: Size;
  rentalDays: number;
  /** A known material, or undefined. */
  material?: Material;
  promo: PromoResult | null;
};

/**
 * Prices one rental. Pure: every input is a value; throws material_not_allowed when the company prices
 * by material and the material is not accepted in the size.
 */
export function priceQuote(catalog: Catalog, input: QuoteInput): QuoteCents {
  const { size, rentalDays, material } = input;
  const { company } = catalog;
  let pricing: QuoteCents['pricing'] = 'general';
  let { base, extraDays } = generalBase(size, rentalDays);

  if (material && company.materials.enabled) {
    const entry = material.sizes.find((m) => m.sizeId === size.id);
    if (material.sizePolicy === 'listed' && !entry) throw materialNotAllowed(catalog, material, size);
    if (entry && entry.priceCents !== null) {
      pricing = 'material';
      base = entry.priceCents;
      extraDays = Math.max(0, rentalDays - MATERIAL_BASE_DAYS) * size.extraDayCents;
    }
  }

  const rental = base + extraDays;
  const promo = input.promo?.ok ? input.promo : null;
  const promoDiscount = !promo
    ? 0
    : promo.type === 'percent'
      ? Math.min(rental, percentOf(rental, promo.percentMilli))
      : Math.min(rental, promo.amountCents);
  const fuelFee = size.fuelFee.enabled ? size.fuelFee.amountCents : 0;
  const subtotal = rental + fuelFee - promoDiscount;
  const taxPercentMilli = size.tax.enabled ? size.tax.percentMilli : 0;
  const tax = percentOf(subtotal, taxPercentMilli);
  const total = subtotal + tax;
  const processingFee = processingFeeCents(company.cardFee, total);
  return {
    pricing,
    base,
    extraDays,
    fuelFee,
    promoDiscount,
    subtotal,
    taxPercentMilli,
    tax,
    total,
    processingFee,
    grossTotal: total + processingFee,
  };
}

/** The card fee the customer pays on top of the total: 0 when the company absorbs it. */
export function processingFeeCents(cardFee: Catalog['company']['cardFee'], totalCents: number): number {
  if (cardFee.handling === 'company_absorbs') return 0;
  return percentOf(totalCents, cardFee.percentMilli) + cardFee.fixedCents;
}
