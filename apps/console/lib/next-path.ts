/** Where to go after signing in: a path of this app only (never `//evil.example` or a full URL). */
export function safeNext(next: string | string[] | undefined | null, fallback = '/needs-action'): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
