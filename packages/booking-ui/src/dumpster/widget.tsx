import { useMemo } from 'react';
import type { WidgetProps } from '../engine/types';
import { sessionStore } from '../stores';
import type { Answers } from './answers';
import type { DumpsterPreload } from './catalog';
import { BookingFlow } from './flow';

/**
 * The widget's dumpster flow on a site owner's page: channel 'widget', its answers in the tab's
 * sessionStorage (the host page's address is not ours to write), back to the host page after 3-D Secure.
 * Rendered on our server for the first screen (packages/widget, ssr.tsx) and hydrated where the loader put it.
 */
export function WidgetDumpster(props: WidgetProps<Answers, DumpsterPreload>) {
  const slug = props.company.slug;
  const store = useMemo(() => sessionStore<Answers>(`svc:${slug}:widget-answers`), [slug]);
  return <BookingFlow {...props} channel="widget" returnUrl={() => window.location.href} store={store} />;
}
