import { describe, expect, it } from 'vitest';
import { checkLeadQuota, LEADS_PER_DAY, WINDOW_SECONDS, windowRemaining } from './data-plan';
import { DomainError } from './errors';

const URL = 'https://console.example/settings/api#plan';
const opened = new Date('2031-01-01T15:00:00Z');
const at = (seconds: number) => new Date(opened.getTime() + seconds * 1000);

describe('the free plan window', () => {
  it.each([
    [0, WINDOW_SECONDS],
    [0.4, WINDOW_SECONDS],
    [1, WINDOW_SECONDS - 1],
    [599, 1],
    [599.5, 1],
  ])('%s s after it opened, %s s remain', (seconds, remaining) => {
    expect(windowRemaining(opened, at(seconds), URL)).toBe(remaining);
  });

  it.each([600, 601, 86_000])('%s s after it opened it has ended, with the upgrade address', (seconds) => {
    expect(() => windowRemaining(opened, at(seconds), URL)).toThrow(DomainError);
    try {
      windowRemaining(opened, at(seconds), URL);
    } catch (err) {
      expect(err).toMatchObject({ code: 'daily_window_ended', upgradeUrl: URL });
    }
  });

  it('a clock behind the opening never says more than the window', () => {
    expect(windowRemaining(opened, at(-30), URL)).toBe(WINDOW_SECONDS);
  });
});

describe('the free plan lead quota', () => {
  it('takes the 200th lead and refuses the 201st; the paid plan has none', () => {
    expect(() => checkLeadQuota('free', LEADS_PER_DAY - 1, URL)).not.toThrow();
    expect(() => checkLeadQuota('free', LEADS_PER_DAY, URL)).toThrow(/200 new leads a day/);
    expect(() => checkLeadQuota('paid', 10_000, URL)).not.toThrow();
  });
});
