import { describe, expect, it } from 'vitest';
import { bookingReference } from '../lib/booking-reference';
import { failedMessages, unconfirmedMessages } from './notices';

const company = { name: 'Acme Roll-Off', contact: { email: 'office@acme.example', phone: '+1 212 555 0100' } };
const customer = { name: 'Pat Doe', email: 'pat@example.com', phone: '+1 212 555 0199' };
const sessionId = 'pk_ses_4f9a2c1e8b7d0a1b2c3d4e5f';

describe('notices name a booking by its reference, never its session id', () => {
  it('the 15-minute notice to the customer and the office', () => {
    const messages = unconfirmedMessages(company, { sessionId, amountCents: 43_210, currency: 'USD' }, customer, 15);
    expect(messages).toHaveLength(4);
    for (const message of messages) {
      expect(JSON.stringify(message)).not.toContain(sessionId);
      expect(`${message.subject ?? ''} ${message.text}`).toContain(bookingReference(sessionId));
    }
  });

  it('the notice of a booking given up on', () => {
    const [message] = failedMessages(company, sessionId, customer);
    expect(JSON.stringify(message)).not.toContain(sessionId);
    expect(message?.text).toContain(bookingReference(sessionId));
  });
});
