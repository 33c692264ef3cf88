/** A company's street permit rules as the catalog keeps them (domain/permits.ts applies them). */

/** A rule as the catalog keeps it: money in cents. */
export type PermitRule = {
  name: string;
  zips: string[];
  /** Lower-cased, trimmed. */
  cities: string[];
  street: 'allowed' | 'permit' | 'not_allowed';
  applies: 'company' | 'customer';
  leadDays: number;
  cityFeeCents: number;
  handlingFeeCents: number;
  coversDays: number | null;
  extensionFeeCents: number;
  taxable: boolean;
  instructions: string;
};

export type PermitSetup = { elsewhere: 'allowed' | 'not_allowed'; rules: PermitRule[] };
