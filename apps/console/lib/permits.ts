import type { ConsoleSchemas } from '@svc/sdk/console';

/**
 * Street permits as the office reads them (docs/decisions/street-permits.md): the Needs action task's words,
 * the order's permit status, and the record form's own checks before the API's. Pure: permits.test.ts.
 */

/** A Needs action task (GET /needs-action's `permits`). */
export type PermitTask = ConsoleSchemas['ConsolePermitTask'];
/** An order's permit (GET /orders/{n}'s `permit`, when it has one). */
export type OrderPermit = NonNullable<ConsoleSchemas['ConsolePermit']>;

/** "Tue Dec 8": a plain date as the permit's deadline is said (the date itself, whatever the browser's zone). */
export function deadlineDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  const part = (o: Intl.DateTimeFormatOptions) => d.toLocaleDateString('en-US', { ...o, timeZone: 'UTC' });
  return `${part({ weekday: 'short' })} ${part({ month: 'short' })} ${part({ day: 'numeric' })}`;
}

/** "Street permit — apply by Tue Dec 8" (or its extension). */
export function taskText(task: Pick<PermitTask, 'kind' | 'apply_by'>): string {
  const what = task.kind === 'extend_permit' ? 'Street permit extension' : 'Street permit';
  return `${what} — apply by ${deadlineDay(task.apply_by)}`;
}

/** The permit's status in a few words, and its badge's tone. */
export function permitStatus(p: Pick<OrderPermit, 'status' | 'apply_by'>): {
  label: string;
  tone: 'warning' | 'success' | 'neutral' | 'danger';
} {
  switch (p.status) {
    case 'needed':
      return { label: p.apply_by ? `Needed: apply by ${deadlineDay(p.apply_by)}` : 'Needed', tone: 'warning' };
    case 'recorded':
      return { label: 'Recorded', tone: 'success' };
    case 'customer_applies':
      return { label: 'The customer applies', tone: 'neutral' };
    case 'overridden':
      return { label: 'Sent out without a permit', tone: 'danger' };
  }
}

export type PermitFormValues = { number: string; starts_on: string; ends_on: string };
export type PermitFormErrors = Partial<Record<keyof PermitFormValues | 'scan', string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** What the API takes for a scan: JPEG, PNG or WebP up to 8 MB. */
export const SCAN_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const SCAN_MAX_BYTES = 8 * 1024 * 1024;

/** The record form's checks, in the API's words and fields; the API checks them all again. */
export function checkPermitForm(
  v: PermitFormValues,
  scan: { type: string; size: number } | null = null,
): PermitFormErrors {
  const errors: PermitFormErrors = {};
  const number = v.number.trim();
  if (!number) errors.number = 'Enter the permit number the city gave.';
  else if (number.length > 64) errors.number = 'A permit number has at most 64 characters.';
  if (!DATE.test(v.starts_on)) errors.starts_on = 'Enter the first day the permit covers.';
  if (!DATE.test(v.ends_on)) errors.ends_on = 'Enter the last day the permit covers.';
  else if (!errors.starts_on && v.ends_on < v.starts_on) errors.ends_on = 'The permit cannot end before it starts.';
  if (scan && !SCAN_TYPES.includes(scan.type)) errors.scan = 'The scan must be a JPEG, PNG or WebP image.';
  else if (scan && scan.size > SCAN_MAX_BYTES) errors.scan = 'The scan must be 8 MB or smaller.';
  return errors;
}
