import { HostedJunk, JunkFlow } from '@svc/booking-ui/junk';
import { sessionStore } from '@svc/booking-ui/stores';
import { hydratePage, mounter, widgetProps } from './common';

/** The junk removal flow: /junk-checkout's one script, and what the widget loads for `data-service="junk"`. */
export const mount = mounter((props) => (
  <JunkFlow {...widgetProps(props)} store={sessionStore(`svc:${props.company.slug}:widget-junk-answers`)} />
));

hydratePage('junk', (input) => <HostedJunk {...input} />);
