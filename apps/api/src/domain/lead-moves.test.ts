import { describe, expect, it } from 'vitest';
import { customerMatchOf } from './lead-moves';
import { checkLeadMove, LEAD_STATUSES, type LeadStatus } from './leads';

/** Every status × every status: the office's lead moves (data spec section 3, and ours beyond it). */
const ALLOWED: Record<LeadStatus, LeadStatus[]> = {
  new: ['contacted', 'converted', 'discarded'],
  contacted: ['converted', 'discarded'],
  discarded: ['new'],
  converted: [],
};

describe('lead moves', () => {
  for (const from of LEAD_STATUSES) {
    it.each(LEAD_STATUSES.map((to) => [to, ALLOWED[from].includes(to)] as const))(
      `${from} → %s allowed: %s`,
      (to, allowed) => {
        if (allowed) expect(() => checkLeadMove(from, to)).not.toThrow();
        else expect(() => checkLeadMove(from, to)).toThrow(from === 'converted' ? /is final/ : /can move to/);
      },
    );
  }
});

describe('the customer a converted lead becomes', () => {
  it.each([
    [
      { emailNormalized: 'pat@example.com', phoneNormalized: '+12125550199' },
      { by: 'email', email: 'pat@example.com' },
    ],
    [
      { emailNormalized: null, phoneNormalized: '+12125550199' },
      { by: 'phone', digits: '12125550199' },
    ],
    [
      { emailNormalized: null, phoneNormalized: '2125550199' },
      { by: 'phone', digits: '2125550199' },
    ],
  ])('%o is found by %o', (lead, match) => {
    expect(customerMatchOf(lead)).toEqual(match);
  });

  it('a lead with neither cannot become a customer', () => {
    expect(() => customerMatchOf({ emailNormalized: null, phoneNormalized: null })).toThrow(
      /no e-mail address or phone number/,
    );
  });
});
