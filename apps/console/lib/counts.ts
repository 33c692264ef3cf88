/** The navigation's counts event: the shell asks for the counts again when a page says they changed. */
export const COUNTS_CHANGED = 'console:counts-changed';

/** Call after an action that changes what waits (an approval, a lead moved): the badges update at once. */
export function countsChanged() {
  window.dispatchEvent(new Event(COUNTS_CHANGED));
}
