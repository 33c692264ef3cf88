import { describe, expect, it } from 'vitest';
import { readOptions } from './options';

const read = (attrs: Record<string, string>) => {
  const warnings: string[] = [];
  const options = readOptions(
    (n) => attrs[n] ?? null,
    (m) => warnings.push(m),
  );
  return { options, warnings };
};

describe("the script element's data attributes (spec table)", () => {
  it('defaults: inline into dc-booking, blue, right, "Book a Dumpster"', () => {
    expect(read({ 'data-company': 'Demo' }).options).toEqual({
      company: 'demo',
      mode: 'inline',
      color: '#2563eb',
      position: 'right',
      service: 'dumpster',
      label: 'Book a Dumpster',
      container: 'dc-booking',
      prefill: {},
    });
  });

  it('junk: its own label and container, and no dumpster pre-fills', () => {
    const { options } = read({
      'data-company': 'demo',
      'data-service': 'junk',
      'data-zip': '78701',
      'data-size': '20',
    });
    expect(options).toMatchObject({ service: 'junk', label: 'Book Junk Removal', container: 'dc-junk-booking' });
    expect(options.prefill).toEqual({});
  });

  it('every attribute is read', () => {
    const { options, warnings } = read({
      'data-company': 'demo',
      'data-mode': 'fab',
      'data-color': '#16A34A',
      'data-position': 'left',
      'data-label': 'Rent a dumpster',
      'data-container': 'booking-here',
      'data-promo': 'WELCOME10',
      'data-zip': '78701',
      'data-size': '20',
      'data-project': 'concrete',
    });
    expect(warnings).toEqual([]);
    expect(options).toEqual({
      company: 'demo',
      mode: 'fab',
      color: '#16A34A',
      position: 'left',
      service: 'dumpster',
      label: 'Rent a dumpster',
      container: 'booking-here',
      prefill: { promo: 'WELCOME10', zip: '78701', size: '20', debris: 'concrete' },
    });
  });

  it.each([
    ['data-mode', 'popup', 'mode', 'inline'],
    ['data-color', 'red; background:url(x)', 'color', '#2563eb'],
    ['data-position', 'top', 'position', 'right'],
    ['data-service', 'roofing', 'service', 'dumpster'],
  ] as const)('%s="%s" warns and falls back to the default', (attribute, value, key, fallback) => {
    const { options, warnings } = read({ 'data-company': 'demo', [attribute]: value });
    expect(options[key]).toBe(fallback);
    expect(warnings).toHaveLength(1);
  });

  it('a missing company reads as empty (the loader then logs one error and draws nothing)', () => {
    expect(read({}).options.company).toBe('');
  });
});
