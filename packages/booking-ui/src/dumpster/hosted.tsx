import { useMemo } from 'react';
import type { HostedProps } from '../engine/types';
import { urlStore } from '../stores';
import { dumpsterCodec } from './answers';
import type { DumpsterPreload } from './catalog';
import { BookingFlow } from './flow';

/** /book?company=<slug>: the dumpster flow with its answers in the page's URL (private ones in the tab). */
export function HostedDumpster(props: HostedProps<DumpsterPreload>) {
  const slug = props.company.slug;
  const store = useMemo(() => urlStore(`svc:${slug}:answers`, dumpsterCodec), [slug]);
  return <BookingFlow {...props} channel="link" returnUrl={() => window.location.href} store={store} />;
}
