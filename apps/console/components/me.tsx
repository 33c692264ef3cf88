'use client';

import { createContext, type ReactNode, useContext } from 'react';
import type { Me } from '../lib/types';

const MeContext = createContext<Me | null>(null);

/** Who is signed in, for any client component of the signed-in pages (set once by the console's layout). */
export function MeProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <MeContext.Provider value={me}>{children}</MeContext.Provider>;
}

/**
 * The signed-in user. `isOwner` hides what staff may not use (keys, webhooks, card settings): a courtesy
 * only, the API refuses staff with 403 whatever the page shows.
 */
export function useMe(): Me & { isOwner: boolean } {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe() is for pages inside app/(console)');
  return { ...me, isOwner: me.role === 'owner' };
}
