import { answersFromParams, BookingFlow, type BookingFlowProps, sessionStore } from '@svc/booking-ui';
import { createRoot } from 'react-dom/client';

/**
 * The booking flow for the widget: the hosted page's components, mounted by the loader into its shadow
 * root, with channel 'widget'. Answers survive a reload in the tab's sessionStorage (the host page's URL is
 * not ours to write).
 */
type MountProps = Pick<
  BookingFlowProps,
  'apiBaseUrl' | 'company' | 'attribution' | 'onComplete' | 'onUnconfirmed' | 'onLoadError'
> & { prefill: Record<string, string | undefined> };

(window as unknown as { SvcBookingFlow: unknown }).SvcBookingFlow = {
  mount(el: HTMLElement, props: MountProps) {
    const root = createRoot(el);
    root.render(
      <BookingFlow
        apiBaseUrl={props.apiBaseUrl}
        company={props.company}
        channel="widget"
        initial={answersFromParams((name) => props.prefill[name])}
        store={sessionStore(`svc:${props.company.slug}:widget-answers`)}
        returnUrl={() => window.location.href}
        attribution={props.attribution}
        onComplete={props.onComplete}
        onUnconfirmed={props.onUnconfirmed}
        onLoadError={props.onLoadError}
      />,
    );
    return () => root.unmount();
  },
};
