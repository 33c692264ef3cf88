import { useMemo } from 'react';
import type { HostedProps } from '../engine/types';
import { urlStore } from '../stores';
import { junkCodec } from './answers';
import type { JunkPreload } from './catalog';
import { JunkFlow } from './flow';

/**
 * /junk-checkout/<slug>: the junk flow. The page's address is its own: no parameter of the page is kept
 * but preview.
 */
export function HostedJunk(props: HostedProps<JunkPreload>) {
  const slug = props.company.slug;
  const store = useMemo(() => urlStore(`svc:${slug}:junk-answers`, junkCodec, ['preview']), [slug]);
  return <JunkFlow {...props} channel="link" returnUrl={() => window.location.href} store={store} />;
}
