import type { BookingComplete, BookingUnconfirmed, DumpsterPreload } from '@svc/booking-ui';
import { answersFromParams, HostedDumpster, WidgetDumpster } from '@svc/booking-ui/dumpster';
import { hydratePage, mounter } from './common';

/** The dumpster flow: /book's one script, and what the widget loads for `data-service="dumpster"`. */
export const mount = mounter((props) => (
  <WidgetDumpster
    {...props}
    initial={answersFromParams((name) => props.prefill[name])}
    preload={props.preload as DumpsterPreload | undefined}
    onComplete={props.onComplete as (detail: BookingComplete) => void}
    onUnconfirmed={props.onUnconfirmed as (detail: BookingUnconfirmed) => void}
  />
));

hydratePage('dumpster', (input) => <HostedDumpster {...input} />);
