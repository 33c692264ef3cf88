import { createHash } from 'node:crypto';

/** Letters and digits a person reads out without confusing them: no 0, 1, I or O. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A booking session's reference for people: what the customer quotes to the company, what the unconfirmed
 * screen, the widget's `svc:booking:unconfirmed` event and the notices carry instead of the session id. It is
 * a hash of the id (40 bits, `BK-XXXX-XXXX`), so the office finds the booking by it, and it opens nothing: no
 * endpoint takes it, and the id cannot be worked back from it (docs/decisions/booking-reference.md).
 */
export function bookingReference(sessionId: string): string {
  const digest = createHash('sha256').update(`svc booking reference\n${sessionId}`).digest();
  let text = '';
  for (let i = 0; i < 8; i++) text += ALPHABET[(digest[i] as number) % ALPHABET.length];
  return `BK-${text.slice(0, 4)}-${text.slice(4)}`;
}
