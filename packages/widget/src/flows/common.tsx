import type { BookingFlowProps, PageInput, Service } from '@svc/booking-ui';
import { type Attribution, rememberAttribution } from '@svc/booking-ui/attribution';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * What the dumpster and the junk flow modules share (each is its own entry: a page loads only its flow, and
 * this code, React included, once in a chunk both import). A flow module has two homes:
 *   - the widget: the loader imports it and calls `mount` in its shadow root, channel 'widget', answers kept
 *     in the tab's sessionStorage (the host page's URL is not ours to write);
 *   - a hosted page: the page's server rendered the flow with its data (#svc-page) and carries the same
 *     input as JSON (#svc-page-data); the module hydrates it where it stands.
 */
export type MountProps = Pick<
  BookingFlowProps,
  'apiBaseUrl' | 'company' | 'attribution' | 'onComplete' | 'onUnconfirmed' | 'onLoadError'
> & { prefill: Record<string, string | undefined> };

/** The props every widget flow takes, from what the loader gave. */
export function widgetProps(props: MountProps) {
  return {
    apiBaseUrl: props.apiBaseUrl,
    company: props.company,
    channel: 'widget' as const,
    returnUrl: () => window.location.href,
    attribution: props.attribution,
    onComplete: props.onComplete,
    onUnconfirmed: props.onUnconfirmed,
    onLoadError: props.onLoadError,
  };
}

/** The module's `mount`: renders the flow into the loader's element; the answer unmounts it. */
export function mounter(render: (props: MountProps) => ReactNode) {
  return (el: HTMLElement, props: MountProps) => {
    const root = createRoot(el);
    root.render(render(props));
    return () => root.unmount();
  };
}

/** Hydrates the hosted page this server rendered, when there is one and it shows this module's service. */
export function hydratePage<S extends Service>(
  service: S,
  render: (input: Extract<PageInput, { service: S }> & { attribution: Attribution }) => ReactNode,
) {
  // Only a page our hosted server rendered (its island carries data-svc-page), never a host page's own markup.
  const page = document.getElementById('svc-page');
  const json = document.querySelector('script#svc-page-data[data-svc-page]')?.textContent;
  if (!page || !json) return;
  const input = JSON.parse(json) as PageInput;
  if (input.service !== service) return;
  const props = { ...(input as Extract<PageInput, { service: S }>), attribution: rememberAttribution(window) };
  hydrateRoot(page, render(props), {
    onRecoverableError: (error) => console.warn('[svc] the page was rendered again in the browser:', error),
  });
}
