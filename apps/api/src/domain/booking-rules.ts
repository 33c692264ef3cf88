import { checkDeliveryDate, checkPickupDate } from './calendar';
import type { Catalog, Material } from './catalog';
import { DomainError } from './errors';
import { checkPermitLead, type StreetQuote, streetTerms, withStreet } from './permits';
import { priceQuote } from './pricing';
import { evaluatePromo, PROMO_MESSAGES } from './promo';
import { checkServiceArea } from './service-area';

/** What the rules read of a dumpster booking request (the contract's IntentRequest has these fields). */
export type RuleInput = {
  size_id: string;
  rental_days: number;
  delivery_date: string;
  pickup_date?: string;
  delivery_zip: string;
  delivery_city?: string;
  /** Absent or private: no rule of the street's is read (docs/decisions/street-permits.md). */
  placement?: 'street' | 'private';
  debris_type?: string;
  customer: { email: string };
  promo_code?: string;
  material?: string;
  material_acknowledged?: boolean;
};

/** What the rules need to know beyond the catalog: the company's today and whether it can take cards. */
export type RuleContext = { today: string; canTakePayments: boolean; now: Date };

/** What a session freezes at payment time: the price and everything the order will be made from. */
export type FrozenBooking<T extends RuleInput = RuleInput> = {
  request: T & { pickup_date: string };
  quote: StreetQuote;
  sizeLabel: string;
  material: { slug: string; label: string; acknowledged_at: string | null } | null;
  promoCode: string | null;
};

/**
 * Every rule of a card-paid dumpster booking (spec section 4), in the spec's order: the first broken rule
 * is the answer, with its code and field. Pure: the same catalog, request and day always answer the same.
 */
export function checkBookingRules<T extends RuleInput>(
  catalog: Catalog,
  request: T,
  ctx: RuleContext,
): FrozenBooking<T> {
  const { company } = catalog;
  const size = catalog.sizes.find((s) => s.id === request.size_id);
  if (!size) throw new DomainError('not_found', 'No size with this id for this company.', { field: 'size_id' });
  const material = chosenMaterial(catalog, request);

  if (!company.bookingOnline) {
    throw new DomainError('booking_offline', `${company.name} is not taking online bookings right now.`);
  }
  if (!company.paymentsReady || !ctx.canTakePayments) {
    throw new DomainError('payments_not_ready', `${company.name} cannot take card payments online yet.`);
  }
  const date = checkDeliveryDate(company, ctx.today, request.delivery_date);
  if (!date.ok) throw new DomainError(date.code, date.message, { field: 'delivery_date' });
  const pickup = checkPickupDate(company, request.delivery_date, request.rental_days, request.pickup_date);
  if (!pickup.ok) {
    throw new DomainError(pickup.code, pickup.message, {
      field: 'pickup_date',
      details: { expected: pickup.expected },
    });
  }
  const area = checkServiceArea(company.serviceAreaZips, request.delivery_zip);
  if (!area.ok) {
    throw new DomainError(area.code === 'zip_invalid' ? 'invalid_body' : 'out_of_service_area', area.message, {
      field: 'delivery_zip',
    });
  }
  // The street's rule is read from the address the booking is for: no fee or lead days come from the client.
  const street =
    request.placement === 'street'
      ? streetTerms(
          company.permits,
          { zip: request.delivery_zip, city: request.delivery_city },
          { today: ctx.today, minNoticeDays: company.minNoticeDays, rentalDays: request.rental_days },
        )
      : null;
  if (street) checkPermitLead(street.permit, request.delivery_date);
  const promo = checkPromoCode(catalog, request.promo_code, ctx.today);
  checkAccount(catalog, request.customer.email);
  const priced = priceQuote(catalog, { size, rentalDays: request.rental_days, material, promo });
  const quote = street ? withStreet(priced, street, company.cardFee) : priced;
  if (material?.requiresAck && request.material_acknowledged !== true) {
    throw new DomainError(
      'invalid_body',
      `${material.label} needs the customer's acknowledgement: send material_acknowledged: true.`,
      { field: 'material_acknowledged' },
    );
  }
  return {
    request: { ...request, pickup_date: pickup.date },
    quote,
    sizeLabel: size.label,
    material: material
      ? {
          slug: material.slug,
          label: material.label,
          acknowledged_at: material.requiresAck ? ctx.now.toISOString() : null,
        }
      : null,
    promoCode: promo?.ok ? promo.code : null,
  };
}

/** A promo code sent with a card-paid booking must be valid today: its result, or promo_invalid. */
export function checkPromoCode(catalog: Catalog, code: string | undefined, today: string) {
  if (code === undefined) return null;
  const promo = evaluatePromo(catalog.promos, code, today);
  if (!promo.ok) {
    throw new DomainError('promo_invalid', PROMO_MESSAGES[promo.reason], {
      field: 'promo_code',
      details: { reason: promo.reason },
    });
  }
  return promo;
}

/** A commercial account of the company books through its account, never by card online. */
export function checkAccount(catalog: Catalog, email: string): void {
  if (catalog.commercialEmails.has(email.toLowerCase())) {
    throw new DomainError(
      'account_customer',
      `This e-mail belongs to a commercial account of ${catalog.company.name}: please book through your account.`,
      { field: 'customer.email' },
    );
  }
}

/** A material slug from a request, or invalid_body listing the slugs that exist. */
export function resolveMaterial(catalog: Catalog, slug: string | undefined, field = 'material'): Material | undefined {
  if (slug === undefined) return undefined;
  const material = catalog.materials.find((m) => m.slug === slug);
  if (!material) {
    throw new DomainError('invalid_body', `Unknown material "${slug}". Use a slug from GET /materials.`, {
      field,
      details: { allowed: catalog.materials.map((m) => m.slug) },
    });
  }
  return material;
}

/**
 * The material a request books: `material`, or a debris_type naming a material in any case (spec: "a value
 * equal to an active material slug is treated as that material"). Naming two different ones is refused.
 */
function chosenMaterial(catalog: Catalog, request: RuleInput) {
  const chosen = resolveMaterial(catalog, request.material);
  const debris = request.debris_type?.trim().toLowerCase();
  const named = debris ? catalog.materials.find((m) => m.slug.toLowerCase() === debris) : undefined;
  if (chosen && named && chosen.slug !== named.slug) {
    throw new DomainError(
      'invalid_body',
      `debris_type names the material "${named.slug}" but material is "${chosen.slug}": send one material.`,
      { field: 'debris_type' },
    );
  }
  return chosen ?? named;
}
