import { answersFromParams, BookingFlow, HostedDumpster } from '@svc/booking-ui/dumpster';
import { sessionStore } from '@svc/booking-ui/stores';
import { hydratePage, mounter, widgetProps } from './common';

/** The dumpster flow: /book's one script, and what the widget loads for `data-service="dumpster"`. */
export const mount = mounter((props) => (
  <BookingFlow
    {...widgetProps(props)}
    initial={answersFromParams((name) => props.prefill[name])}
    store={sessionStore(`svc:${props.company.slug}:widget-answers`)}
  />
));

hydratePage('dumpster', (input) => <HostedDumpster {...input} />);
