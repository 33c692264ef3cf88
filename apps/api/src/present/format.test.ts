import { describe, expect, it } from 'vitest';
import { rejectedMessages } from '../messages/notices';
import { addressText, maskId } from './format';

describe("the console office's presenters", () => {
  it("masks a processor's id, keeping its kind and last four characters", () => {
    expect(maskId('pi_sbx_0123456789abcdef01234567')).toBe('pi_sbx_…4567');
    expect(maskId('pi_3PqR5s2eZvKYlo2C1a2b3c4d')).toBe('pi_3PqR…3c4d');
    expect(maskId('pi_short')).toBe('pi_…');
    expect(maskId(null)).toBeNull();
  });

  it('writes an address on one line, leaving out what is missing', () => {
    expect(addressText({ line1: '12 Main St', line2: 'Unit 4', city: 'New York', state: 'NY', zip: '10001' })).toBe(
      '12 Main St, Unit 4, New York, NY 10001',
    );
    expect(addressText({ line1: '1 Elm', zip: '10001' })).toBe('1 Elm, 10001');
    expect(addressText(null)).toBe('');
  });

  it("tells a rejected booking's customer they were not charged, without the office's reason", () => {
    const [mail] = rejectedMessages({ name: 'Acme' }, 'order', 1042, { email: 'pat@example.com' });
    expect(mail).toMatchObject({ channel: 'email', topic: 'order_rejected', to: 'pat@example.com' });
    expect(mail?.subject).toBe('Acme: order #1042 could not be accepted');
    expect(mail?.text).toContain('you were not charged');
  });
});
