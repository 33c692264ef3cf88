import type { DomainError } from '../domain/errors';
import { dollars } from '../messages/money';

type AllowedSize = { id: string; label: string; yards: number; price_cents: number };

/** An error's details as the APIs show them: the rules speak cents, the APIs dollars. */
export function presentErrorDetails(error: DomainError): Record<string, unknown> | undefined {
  const details = error.details;
  if (error.code !== 'material_not_allowed' || !Array.isArray(details?.allowed_sizes)) return details;
  return {
    ...details,
    allowed_sizes: (details.allowed_sizes as AllowedSize[]).map(({ price_cents, ...size }) => ({
      ...size,
      price: dollars(price_cents),
    })),
  };
}
