import { rememberAttribution } from '@svc/booking-ui/attribution';
import { type CompanyEmbed as Company, fetchCompanyEmbed } from '@svc/sdk/embed';
import { readOptions, type WidgetOptions } from './options';
import { loaderCss } from './styles';

/**
 * The widget's loader: the script a site owner pastes. It reads its own element, asks the platform for the
 * company, and draws the inline placeholder or the floating button. The booking flow of its service (an ES module) loads after
 * the page has rendered (inline) or when the visitor reaches for the button (fab). Nothing here blocks the
 * host page: no document.write, no synchronous request.
 */

// Filled in by the platform when it serves the script (apps/hosted: /widget/v1/booking.js).
const API_URL = '__SVC_API_URL__';
const FLOWS = { dumpster: '__SVC_DUMPSTER_FLOW__', junk: '__SVC_JUNK_FLOW__' };

type FlowApi = { mount(el: HTMLElement, props: Record<string, unknown>): () => void };
type Win = Window & { __svcFlows?: Partial<Record<keyof typeof FLOWS, Promise<FlowApi>>> };

const TAG = '[svc widget]';
const SCRIPT_PATH = /\/widget\/v1\/booking(\.[a-z0-9]+)?\.js(\?|$)/;

function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript as HTMLScriptElement | null;
  if (current && !current.dataset.svcTaken) return current;
  // Run from a callback (some tag managers): the first of our tags not yet taken.
  const ours = document.querySelectorAll<HTMLScriptElement>('script[src]');
  for (const s of Array.from(ours)) if (SCRIPT_PATH.test(s.src) && !s.dataset.svcTaken) return s;
  return null;
}

/**
 * The flow of one service, an ES module imported once per page however many tags ask for it (its shared
 * chunks come with it, and are cached across the two flows). A failed import is asked again next time.
 */
function loadFlow(service: keyof typeof FLOWS, base: string): Promise<FlowApi> {
  const win = window as Win;
  win.__svcFlows ??= {};
  const flows = win.__svcFlows;
  const src = new URL(FLOWS[service], base).toString();
  let flow = flows[service];
  if (!flow) {
    flow = (import(/* webpackIgnore: true */ src) as Promise<FlowApi>).catch(() => {
      flows[service] = undefined;
      throw new Error(`could not load ${src}`);
    });
    flows[service] = flow;
  }
  return flow;
}

/** A host element whose shadow root holds everything we draw: host styles cannot reach in, ours cannot leak. */
function shadowHost(parent: Element, color: string) {
  const host = document.createElement('div');
  host.setAttribute('data-svc-widget', '');
  // Inline style beats the host page's selectors (even `* { all: unset }`) on the one element it can reach.
  host.style.cssText = 'all:initial;display:block;';
  parent.appendChild(host);
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${loaderCss}</style>`;
  host.style.setProperty('--svc-color', color);
  return { host, root };
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, text = '') {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function message(title: string, text: string) {
  const box = el('div', { class: 'box', role: 'status' });
  box.append(el('h2', {}, title), el('p', {}, text));
  return box;
}

function loading() {
  const box = el('div', { class: 'loading', role: 'status' });
  box.append(el('span', { class: 'spin', 'aria-hidden': 'true' }), el('span', {}, 'Loading booking…'));
  return box;
}

const dispatch = (name: string, detail: unknown) => window.dispatchEvent(new CustomEvent(name, { detail }));

async function start(script: HTMLScriptElement) {
  const options = readOptions(
    (n) => script.getAttribute(n),
    (m) => console.warn(`${TAG} ${m}`),
  );
  if (!options.company) {
    console.error(`${TAG} data-company is required: the company's slug, as in /book?company=<slug>.`);
    return;
  }
  if (API_URL.startsWith('__')) {
    console.error(`${TAG} load this script from the platform's /widget/v1/booking.js, not from a copy.`);
    return;
  }
  let company: Company | null = null;
  try {
    company = await fetchCompanyEmbed(API_URL, options.company);
  } catch (err) {
    console.error(`${TAG} could not reach the booking platform: ${(err as Error).message}`);
    return;
  }
  if (!company) {
    console.error(`${TAG} no company "${options.company}": check data-company (the slug of your booking link).`);
    return;
  }
  if (document.readyState === 'loading') {
    await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
  }
  if (options.mode === 'fab') floatingButton(company, options, script);
  else inline(company, options, script);
}

/** What goes in the container or the dialog: the flow, or a clear sentence when there is none. */
function fill(target: HTMLElement, company: Company, options: WidgetOptions, script: HTMLScriptElement) {
  const key = company.publishable_key;
  if (key && company.origin_allowed === false) {
    console.error(
      `${TAG} ${location.origin} is not an allowed domain of ${company.name}'s publishable key: add ${location.host} to its allowed domains (npm run svc -- keys create ${company.slug} --kind publishable --domain ${location.hostname}).`,
    );
    target.replaceChildren(
      message(
        'Online booking is not available on this site',
        `Please book on ${company.name}'s booking page instead: ${company.hosted_page_url}`,
      ),
    );
    return;
  }
  // Junk removal has its own switch, in its config: the flow reads it and says so.
  const dumpsterOff = options.service === 'dumpster' && !company.is_online;
  if (!key || dumpsterOff || !company.payments_ready) {
    target.replaceChildren(
      message(
        'Online booking is not available right now',
        `${company.name} is not taking online orders at the moment. Please contact them directly.`,
      ),
    );
    return;
  }
  target.replaceChildren(loading());
  const mountPoint = el('div', {});
  loadFlow(options.service, script.src).then(
    (flow) => {
      target.replaceChildren(mountPoint);
      flow.mount(mountPoint, {
        apiBaseUrl: API_URL,
        company: { ...company, publishable_key: key },
        prefill: options.prefill,
        attribution: rememberAttribution(window),
        onComplete: (detail: unknown) => dispatch('svc:booking:complete', detail),
        onUnconfirmed: (detail: unknown) => dispatch('svc:booking:unconfirmed', detail),
        onLoadError: (err: { code?: string; message?: string }) => {
          if (err?.code === 'origin_not_allowed' || err?.code === 'origin_required') {
            console.error(
              `${TAG} ${location.origin} is not an allowed domain of ${company.name}'s publishable key: add it in the company's settings.`,
            );
          } else console.error(`${TAG} the booking could not load: ${err?.message ?? err}`);
        },
      });
    },
    (err: Error) => {
      console.error(`${TAG} ${err.message}`);
      target.replaceChildren(message('Booking could not load', 'Please check your connection and reload the page.'));
    },
  );
}

function inline(company: Company, options: WidgetOptions, script: HTMLScriptElement) {
  const container = document.getElementById(options.container);
  if (!container) {
    console.error(
      `${TAG} no element with id "${options.container}": add <div id="${options.container}"></div> where the form goes, or set data-container.`,
    );
    return;
  }
  const { root } = shadowHost(container, options.color);
  const target = el('div', {});
  root.append(target);
  target.replaceChildren(loading());
  // After the host page's own load, when the browser is idle: the form never delays the page.
  const go = () => fill(target, company, options, script);
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(go, { timeout: 1500 }) : setTimeout(go, 1);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

function floatingButton(company: Company, options: WidgetOptions, script: HTMLScriptElement) {
  const { root } = shadowHost(document.body, options.color);
  const button = el('button', { type: 'button', class: `fab ${options.position}`, 'aria-haspopup': 'dialog' });
  button.textContent = options.label;
  const dialog = el('dialog', { 'aria-labelledby': 'svc-title' });
  const bar = el('div', { class: 'bar' });
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×');
  bar.append(el('h2', { id: 'svc-title' }, `${company.name}: ${options.label}`), close);
  const content = el('div', { class: 'content' });
  dialog.append(bar, content);
  root.append(button, dialog);

  let filled = false;
  let overflow = '';
  const prefetch = () => void loadFlow(options.service, script.src).catch(() => {});
  button.addEventListener('pointerenter', prefetch, { once: true });
  button.addEventListener('focus', prefetch, { once: true });
  button.addEventListener('click', () => {
    if (!filled) {
      filled = true;
      fill(content, company, options, script);
    }
    // The page behind stays still while the dialog is open.
    overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    dialog.showModal();
    close.focus();
  });
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog element itself, outside its content) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  // Escape closes a modal dialog natively; every way of closing restores the page and the focus.
  dialog.addEventListener('close', () => {
    document.documentElement.style.overflow = overflow;
    button.focus();
  });
}

const script = ownScript();
if (script) {
  script.dataset.svcTaken = '';
  void start(script);
} else {
  console.error(`${TAG} could not find its own <script> element; insert it as a script element, not a module.`);
}
