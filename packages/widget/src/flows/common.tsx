import type { PageInput, Service } from '@svc/booking-ui';
import { type Attribution, rememberAttribution } from '@svc/booking-ui/attribution';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * What the dumpster and the junk flow modules share (each is its own entry: a page loads only its flow, and
 * this code, React included, once in a chunk both import). A flow module has two homes:
 *   - the widget: the loader imports it and calls `mount` in its shadow root. When our server rendered the
 *     form's first screen (the loader put its markup in the element and gives its input as `preload`), the
 *     flow hydrates it where it stands; otherwise it renders and loads its data itself;
 *   - a hosted page: the page's server rendered the flow with its data (#svc-page) and carries the same
 *     input as JSON (#svc-page-data); the module hydrates it where it stands.
 */
export type MountProps = {
  apiBaseUrl: string;
  company: PageInput['company'];
  attribution?: Attribution;
  /** The tag's pre-filled answers, in the hosted page's parameter names. */
  prefill: Record<string, string | undefined>;
  /** The first screen our server rendered into the element: the flow hydrates it. */
  preload?: unknown;
  onComplete?(detail: unknown): void;
  onUnconfirmed?(detail: unknown): void;
  onLoadError?(error: unknown): void;
};

/** The module's `mount`: hydrates what the loader put in the element, or renders into it; the answer unmounts it. */
export function mounter(render: (props: MountProps) => ReactNode) {
  return (el: HTMLElement, props: MountProps) => {
    if (props.preload !== undefined && el.firstElementChild) {
      const root = hydrateRoot(el, render(props), {
        onRecoverableError: (error) => console.warn('[svc widget] the form was rendered again in the browser:', error),
      });
      return () => root.unmount();
    }
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
