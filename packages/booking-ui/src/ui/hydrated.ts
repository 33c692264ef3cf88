import { useEffect, useState } from 'react';

/**
 * False while the page's server-rendered form is not interactive yet (on the server, and in the browser's
 * first render before hydration ends), true after. A submit button disabled until then cannot send the
 * plain HTML form before the flow handles it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
