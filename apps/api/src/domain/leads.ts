import { DomainError } from './errors';

/**
 * Leads as pure rules (data spec sections 2 and 3): how a phone and an e-mail are compared, when a push
 * is the same lead again, and the moves the office makes.
 */
export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'discarded'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const DEDUPE_MINUTES = 10;

/** Digits only, a leading + kept when present: "+1 (212) 555-0100" -> "+12125550100". Null when no digit. */
export function normalizePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}

/** E-mail is compared case-insensitively (and without surrounding spaces). */
export function normalizeEmail(email: string | null | undefined): string | null {
  const value = email?.trim().toLowerCase();
  return value ? value : null;
}

/** The earliest creation time a lead can have and still be the same one pushed again now. */
export function dedupeSince(now: Date): Date {
  return new Date(now.getTime() - DEDUPE_MINUTES * 60_000);
}

/**
 * The office's moves (docs/decisions/lead-moves.md): from new to contacted, converted or discarded (the
 * spec's table); from contacted on to converted or discarded; a discarded lead back to new (a mistake
 * undone). Converted is final: the lead is a customer now.
 */
const MOVES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'converted', 'discarded'],
  contacted: ['converted', 'discarded'],
  discarded: ['new'],
  converted: [],
};

/** The statuses the office may move a lead of this status to (what the console offers). */
export function leadMovesFrom(from: LeadStatus): readonly LeadStatus[] {
  return MOVES[from];
}

export function checkLeadMove(from: LeadStatus, to: LeadStatus): void {
  if (MOVES[from].includes(to)) return;
  const allowed = MOVES[from];
  throw new DomainError(
    'invalid_body',
    allowed.length
      ? `A ${from} lead can move to ${allowed.join(', ')}, not ${to}.`
      : `A ${from} lead is final: it cannot move to ${to}.`,
    { field: 'status', details: { from, to, allowed } },
  );
}
