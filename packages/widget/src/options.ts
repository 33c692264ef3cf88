/** The widget's settings, read from its script element's data-* attributes (spec: "Widget and hosted pages"). */
export type WidgetOptions = {
  company: string;
  mode: 'inline' | 'fab';
  color: string;
  position: 'right' | 'left';
  service: 'dumpster' | 'junk';
  label: string;
  container: string;
  /** Pre-filled answers (dumpster only), in the hosted page's parameter names. */
  prefill: { promo?: string; zip?: string; size?: string; debris?: string };
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Pure: attribute values in, settings out. Unknown values fall back to the defaults with a warning. */
export function readOptions(attr: (name: string) => string | null, warn: (message: string) => void = () => {}) {
  const company = (attr('data-company') ?? '').trim().toLowerCase();
  const service = attr('data-service') === 'junk' ? 'junk' : 'dumpster';
  if (attr('data-service') && attr('data-service') !== 'junk')
    warn(`data-service="${attr('data-service')}" is not known; use "junk" or leave it out.`);
  const mode = attr('data-mode') ?? 'inline';
  if (mode !== 'inline' && mode !== 'fab') warn(`data-mode="${mode}" is not known; using "inline".`);
  const color = attr('data-color') ?? '#2563eb';
  if (!HEX.test(color)) warn(`data-color="${color}" is not a hex color like #2563eb; using the default.`);
  const position = attr('data-position') ?? 'right';
  if (position !== 'right' && position !== 'left')
    warn(`data-position="${position}" is not right or left; using right.`);
  const junk = service === 'junk';
  const prefill: WidgetOptions['prefill'] = {};
  if (!junk) {
    for (const [attribute, key] of [
      ['data-promo', 'promo'],
      ['data-zip', 'zip'],
      ['data-size', 'size'],
      ['data-project', 'debris'],
    ] as const) {
      const value = attr(attribute)?.trim();
      if (value) prefill[key] = value;
    }
  }
  return {
    company,
    mode: mode === 'fab' ? 'fab' : 'inline',
    color: HEX.test(color) ? color : '#2563eb',
    position: position === 'left' ? 'left' : 'right',
    service,
    label: (attr('data-label') ?? '').trim().slice(0, 60) || (junk ? 'Book Junk Removal' : 'Book a Dumpster'),
    container: (attr('data-container') ?? '').trim() || (junk ? 'dc-junk-booking' : 'dc-booking'),
    prefill,
  } satisfies WidgetOptions;
}
