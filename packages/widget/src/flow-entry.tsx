import {
  answersFromParams,
  BookingFlow,
  type BookingFlowProps,
  HostedFlow,
  JunkFlow,
  type PageInput,
  rememberAttribution,
  sessionStore,
} from '@svc/booking-ui';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * The booking flow in the browser, one script for both of its homes:
 *   - the widget: the loader mounts it into its shadow root (`SvcBookingFlow.mount`), channel 'widget',
 *     answers kept in the tab's sessionStorage (the host page's URL is not ours to write);
 *   - the hosted pages: the page's server rendered the flow with its data (#svc-page) and carries the same
 *     input as JSON (#svc-page-data); this script hydrates it where it stands.
 */
type MountProps = Pick<
  BookingFlowProps,
  'apiBaseUrl' | 'company' | 'attribution' | 'onComplete' | 'onUnconfirmed' | 'onLoadError'
> & { service: 'dumpster' | 'junk'; prefill: Record<string, string | undefined> };

(window as unknown as { SvcBookingFlow: unknown }).SvcBookingFlow = {
  mount(el: HTMLElement, props: MountProps) {
    const root = createRoot(el);
    const common = {
      apiBaseUrl: props.apiBaseUrl,
      company: props.company,
      channel: 'widget' as const,
      returnUrl: () => window.location.href,
      attribution: props.attribution,
      onComplete: props.onComplete,
      onUnconfirmed: props.onUnconfirmed,
      onLoadError: props.onLoadError,
    };
    root.render(
      props.service === 'junk' ? (
        <JunkFlow {...common} store={sessionStore(`svc:${props.company.slug}:widget-junk-answers`)} />
      ) : (
        <BookingFlow
          {...common}
          initial={answersFromParams((name) => props.prefill[name])}
          store={sessionStore(`svc:${props.company.slug}:widget-answers`)}
        />
      ),
    );
    return () => root.unmount();
  },
};

// Only a page our hosted server rendered (its island carries data-svc-page), never a host page's own markup.
const page = document.getElementById('svc-page');
const input = document.querySelector('script#svc-page-data[data-svc-page]')?.textContent;
if (page && input) {
  hydrateRoot(page, <HostedFlow {...(JSON.parse(input) as PageInput)} attribution={rememberAttribution(window)} />, {
    onRecoverableError: (error) => console.warn('[svc] the page was rendered again in the browser:', error),
  });
}
