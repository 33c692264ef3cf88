import { loaderCss } from './styles';

/** What the loader draws itself, in its shadow root: plain DOM, no framework (the loader stays a few KB). */

/** A host element whose shadow root holds everything we draw: host styles cannot reach in, ours cannot leak. */
export function shadowHost(parent: Element, color: string) {
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

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, text = '') {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

export function message(title: string, text: string) {
  const box = el('div', { class: 'box', role: 'status' });
  box.append(el('h2', {}, title), el('p', {}, text));
  return box;
}

export function loading() {
  const box = el('div', { class: 'loading', role: 'status' });
  box.append(el('span', { class: 'spin', 'aria-hidden': 'true' }), el('span', {}, 'Loading booking…'));
  return box;
}

/**
 * Asks the browser to start on what it will need, once per page however many tags ask: a module's file
 * (`modulepreload`: fetched and compiled now, found by the `import()` later) or a connection (`preconnect`).
 */
export function hint(rel: 'modulepreload' | 'preconnect', href: string) {
  const win = window as Window & { __svcHints?: Record<string, 1> };
  win.__svcHints ??= {};
  const hints = win.__svcHints;
  if (hints[`${rel} ${href}`]) return;
  hints[`${rel} ${href}`] = 1;
  const link = el('link', { rel, href, crossorigin: 'anonymous' });
  (document.head ?? document.documentElement).appendChild(link);
}
