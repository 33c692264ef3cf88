import { useMemo } from 'react';
import type { WidgetProps } from '../engine/types';
import { sessionStore } from '../stores';
import type { JunkAnswers } from './answers';
import type { JunkPreload } from './catalog';
import { JunkFlow } from './flow';

/** The widget's junk removal flow, as the dumpster's (dumpster/widget.tsx), with answers of its own. */
export function WidgetJunk(props: WidgetProps<JunkAnswers, JunkPreload>) {
  const slug = props.company.slug;
  const store = useMemo(() => sessionStore<JunkAnswers>(`svc:${slug}:widget-junk-answers`), [slug]);
  return <JunkFlow {...props} channel="widget" returnUrl={() => window.location.href} store={store} />;
}
