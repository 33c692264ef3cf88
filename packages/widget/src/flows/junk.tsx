import type { JunkPreload } from '@svc/booking-ui';
import { HostedJunk, WidgetJunk } from '@svc/booking-ui/junk';
import { hydratePage, mounter } from './common';

/** The junk removal flow: /junk-checkout's one script, and what the widget loads for `data-service="junk"`. */
export const mount = mounter((props) => <WidgetJunk {...props} preload={props.preload as JunkPreload | undefined} />);

hydratePage('junk', (input) => <HostedJunk {...input} />);
