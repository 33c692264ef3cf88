import type { ApiError } from './api';

export type FormErrors = { fields: Record<string, string>; form?: string };

/**
 * Where an API error belongs in a form: `field` naming one of the form's controls (exactly, or by its last
 * segment: `booking.min_days` → `min_days`) goes next to it; anything else is a message for the whole form.
 */
export function mapApiError(error: ApiError, fieldNames: readonly string[]): FormErrors {
  if (error.field) {
    const last = error.field
      .split(/[.[\]]/)
      .filter(Boolean)
      .at(-1);
    const name = fieldNames.includes(error.field) ? error.field : fieldNames.find((n) => n === last);
    if (name) return { fields: { [name]: error.message } };
  }
  return { fields: {}, form: error.message };
}
