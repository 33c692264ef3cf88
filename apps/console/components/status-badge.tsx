import type { Tone } from './notice';

/**
 * Which tone each status the console shows gets. Unknown statuses are neutral: the label still says it (the
 * colour is never the only signal).
 */
const TONES: Record<string, Tone> = {
  held: 'warning',
  pending: 'warning',
  failing: 'warning',
  awaiting_payment: 'warning',
  new: 'info',
  requested: 'info',
  scheduled: 'info',
  confirmed: 'info',
  contacted: 'info',
  delivered: 'info',
  in_progress: 'info',
  active: 'success',
  approved: 'success',
  completed: 'success',
  converted: 'success',
  picked_up: 'success',
  succeeded: 'success',
  enabled: 'success',
  cancelled: 'danger',
  canceled: 'danger',
  rejected: 'danger',
  refused: 'danger',
  failed: 'danger',
  disabled: 'danger',
  revoked: 'danger',
  discarded: 'neutral',
};

/** `picked_up` → "Picked up". */
export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A status as a small labelled pill: `<StatusBadge status="held" />`; `label` and `tone` override the table. */
export function StatusBadge({ status, label, tone }: { status: string; label?: string; tone?: Tone }) {
  return <span className={`badge tone-${tone ?? TONES[status] ?? 'neutral'}`}>{label ?? statusLabel(status)}</span>;
}
