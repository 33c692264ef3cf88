/**
 * What an unexpected error may put in the server log: its kind, its message and where it happened, never
 * the values it carried. A failed statement's parameters (customer details, client secrets) and quoted
 * values in a database message are left out (docs/decisions/safe-error-logs.md).
 */
export function safeError(err: unknown): string {
  if (!(err instanceof Error)) return `non-error thrown: ${typeof err}`;
  const failed = err as Error & { query?: string; cause?: unknown };
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 8)
    .join('\n');
  if (typeof failed.query === 'string') {
    const cause = failed.cause as (Error & { code?: string }) | undefined;
    const reason = cause ? `${cause.code ?? cause.name}: ${redactText(cause.message)}` : 'unknown cause';
    return `database query failed (${reason}): ${failed.query.slice(0, 300)}\n${frames}`;
  }
  const cause =
    failed.cause instanceof Error ? ` (cause: ${failed.cause.name}: ${redactText(failed.cause.message)})` : '';
  return `${err.name}: ${redactText(err.message)}${cause}\n${frames}`;
}

/** Quoted values, e-mail addresses, long digit runs and anything after "params:" are cut out. */
export function redactText(message: string): string {
  return message
    .replace(/params:[\s\S]*$/i, 'params: [redacted]')
    .replace(/"[^"]*"|'[^']*'/g, '"…"')
    .replace(/[^\s@]+@[^\s@]+/g, '[e-mail]')
    .replace(/\b(svc_|pi_|sk_|pk_|whsec_)\w+/g, '$1…')
    .replace(/\d{6,}/g, '[digits]')
    .slice(0, 500);
}
