import { rememberAttribution } from '@svc/booking-ui/attribution';
import { el, hint, loading, message, shadowHost } from './loader-dom';
import { type Answer, API_URL, firstScreen, loadFlow, prepare } from './loader-net';
import { readOptions, type WidgetOptions } from './options';

/**
 * The widget's loader: the script a site owner pastes. It reads its own element and at once asks the
 * platform for the form's first screen (one request: the company, the key this page may use, the form
 * rendered with its prices), and the flow's modules as that answer arrives. It draws that screen in a
 * shadow root (inline, or in the floating button's dialog), and the flow module hydrates it where it
 * stands. Nothing here blocks the host page: no document.write, no synchronous request.
 */

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
  const asked = firstScreen(script.src, options);
  // Inline, the flow is wanted as soon as the first screen is answered: its modules load while that answer
  // is read and drawn. Not before: on a phone's line (1.6 Mbps) they would share it with the first screen
  // and put its prices off by a tenth of a second; the prices do not wait for them. The floating button's
  // flow loads when the visitor reaches for it.
  if (options.mode === 'inline') {
    hint('preconnect', API_URL);
    void asked.wanted.then((wanted) => wanted && prepare(options.service, script.src));
  }
  let answer: Answer | null = null;
  try {
    answer = await asked.answer;
  } catch (err) {
    console.error(`${TAG} could not reach the booking platform: ${(err as Error).message}`);
    return;
  }
  if (!answer) {
    console.error(`${TAG} no company "${options.company}": check data-company (the slug of your booking link).`);
    return;
  }
  if (document.readyState === 'loading') {
    await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
  }
  if (options.mode === 'fab') floatingButton(answer, options, script);
  else inline(answer, options, script);
}

/** What goes in the container or the dialog: the form, or a clear sentence when there is none. */
function fill(target: HTMLElement, answer: Answer, options: WidgetOptions, script: HTMLScriptElement) {
  const { company, screen } = answer;
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
  const mountPoint = el('div', {});
  // The first screen as our server drew it, prices included: shown now, made interactive by the flow.
  if (screen) mountPoint.innerHTML = screen.html;
  target.replaceChildren(screen ? mountPoint : loading());
  loadFlow(options.service, script.src).then(
    (flow) => {
      target.replaceChildren(mountPoint);
      flow.mount(mountPoint, {
        apiBaseUrl: API_URL,
        company: { ...company, publishable_key: key },
        prefill: options.prefill,
        preload: screen?.input.preload,
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

function inline(answer: Answer, options: WidgetOptions, script: HTMLScriptElement) {
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
  fill(target, answer, options, script);
}

function floatingButton(answer: Answer, options: WidgetOptions, script: HTMLScriptElement) {
  const { root } = shadowHost(document.body, options.color);
  const button = el('button', { type: 'button', class: `fab ${options.position}`, 'aria-haspopup': 'dialog' });
  button.textContent = options.label;
  const dialog = el('dialog', { 'aria-labelledby': 'svc-title' });
  const bar = el('div', { class: 'bar' });
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×');
  bar.append(el('h2', { id: 'svc-title' }, `${answer.company.name}: ${options.label}`), close);
  const content = el('div', { class: 'content' });
  dialog.append(bar, content);
  root.append(button, dialog);

  let filled = false;
  let overflow = '';
  const reach = () => prepare(options.service, script.src);
  button.addEventListener('pointerenter', reach, { once: true });
  button.addEventListener('focus', reach, { once: true });
  button.addEventListener('click', () => {
    if (!filled) {
      filled = true;
      reach();
      fill(content, answer, options, script);
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
