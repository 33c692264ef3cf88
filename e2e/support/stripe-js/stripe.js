/*
 * A stand-in of Stripe.js (https://js.stripe.com/v3, /endive/stripe.js) for the e2e suite, served by
 * support/stripe-stand-in.ts through Playwright's interception: js.stripe.com cannot be reached from CI.
 *
 * It implements what @stripe/stripe-js and @stripe/react-stripe-js call for our Payment Element flow
 * (packages/booking-ui/src/engine/stripe-payment.tsx), after Stripe's documentation:
 *   Stripe(publishableKey, { stripeAccount }) → stripe
 *   stripe.elements({ clientSecret, appearance }) → elements: create('payment'), getElement, update, submit
 *   element: mount, unmount, destroy, on/off/once ('ready', 'change', 'focus', 'blur', 'loaderstart'), update, focus, clear
 *   stripe.confirmPayment({ elements, confirmParams, redirect }) → { paymentIntent } or { error }
 *   stripe.retrievePaymentIntent(clientSecret), stripe.handleNextAction({ clientSecret })
 * As with Stripe, the card is typed into an iframe of js.stripe.com and only that iframe sends it, to
 * api.stripe.com; this page never sees it. A card that asks for 3-D Secure opens a modal with the issuer's
 * test page (hooks.stripe.com), and confirmPayment resolves once it is completed or failed.
 * Anything else Stripe.js offers throws, so a change of our component that needs more fails loudly.
 */
(() => {
  const JS = 'https://js.stripe.com';
  const API = 'https://api.stripe.com';
  const HOOKS = 'https://hooks.stripe.com';
  let frameCount = 0;

  /** Stripe.js throws IntegrationError for a misuse of its API (not for a declined card: that is a result). */
  class IntegrationError extends Error {
    constructor(message) {
      super(message);
      this.name = 'IntegrationError';
    }
  }

  const intentIdOf = (clientSecret) => String(clientSecret).split('_secret_')[0];

  /**
   * A call of Stripe's API from this page, as Stripe.js makes it: the publishable key and the connected
   * account in the parameters (no custom headers, so the browser sends no CORS preflight).
   */
  async function api(ctx, method, path, params) {
    const query = new URLSearchParams({ ...params, key: ctx.key });
    if (ctx.account) query.set('_stripe_account', ctx.account);
    const res =
      method === 'GET' ? await fetch(`${API}${path}?${query}`) : await fetch(`${API}${path}`, { method, body: query });
    return res.json();
  }

  /** Where a confirmed intent leaves the caller: the intent, or its last error as Stripe.js reports it. */
  function outcomeOf(intent) {
    if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
      return { error: { ...intent.last_payment_error, payment_intent: intent } };
    }
    return { paymentIntent: intent };
  }

  /**
   * The 3-D Secure step of use_stripe_sdk: the issuer's page in a modal over the merchant's page. Resolves
   * when that page says the customer completed or failed it (it posts a message, from hooks.stripe.com).
   */
  function authenticate(url) {
    return new Promise((resolve) => {
      const overlay = document.createElement('div');
      overlay.setAttribute('data-stripe-stand-in', '3ds');
      Object.assign(overlay.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        background: 'rgba(0, 0, 0, 0.5)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      });
      const frame = document.createElement('iframe');
      frame.name = `__privateStripeFrame${++frameCount}`;
      frame.title = '3D Secure authentication';
      frame.src = url;
      Object.assign(frame.style, {
        width: '400px',
        maxWidth: '100%',
        height: '400px',
        border: '0',
        background: '#fff',
      });
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      const onMessage = (event) => {
        if (event.origin !== HOOKS || event.source !== frame.contentWindow) return;
        if (event.data?.type !== 'stripe-3ds-done') return;
        window.removeEventListener('message', onMessage);
        overlay.remove();
        resolve();
      };
      window.addEventListener('message', onMessage);
    });
  }

  /** After a confirm: runs the intent's next action (3-D Secure), then answers as confirmPayment does. */
  async function finish(ctx, intent, redirect, returnUrl) {
    if (intent.status === 'requires_action') {
      const action = intent.next_action;
      if (action?.type === 'redirect_to_url') {
        window.location.assign(action.redirect_to_url.url);
        return new Promise(() => {}); // the page is leaving
      }
      if (action?.type === 'use_stripe_sdk') {
        await authenticate(action.use_stripe_sdk.stripe_js);
        // Completed: requires_capture; failed: requires_payment_method with payment_intent_authentication_failure.
        const after = await api(ctx, 'GET', `/v1/payment_intents/${intent.id}`, {
          client_secret: intent.client_secret,
        });
        return after.error ? { error: after.error } : finish(ctx, after, redirect, returnUrl);
      }
    }
    const outcome = outcomeOf(intent);
    // redirect: 'always' sends the customer to return_url even for a card, with the intent in its query.
    if (!outcome.error && redirect !== 'if_required') {
      const url = new URL(returnUrl);
      url.searchParams.set('payment_intent', intent.id);
      url.searchParams.set('payment_intent_client_secret', intent.client_secret);
      url.searchParams.set('redirect_status', 'succeeded');
      window.location.assign(url.toString());
      return new Promise(() => {});
    }
    return outcome;
  }

  /** The Payment Element: an iframe of js.stripe.com with the card's fields, talking to this page by messages. */
  function paymentElement(group, options) {
    const name = `__privateStripeFrame${++frameCount}`;
    const listeners = new Map();
    const replies = new Map();
    let iframe = null;
    let container = null;
    let calls = 0;
    // Messages wait for the frame's 'ready', as Stripe.js queues them while its frame loads.
    let frameReady = null;
    let markReady = () => {};
    const emit = (event, payload) => {
      for (const handler of [...(listeners.get(event) ?? [])]) handler(payload);
    };
    const post = (message) => iframe?.contentWindow?.postMessage({ ...message, frame: name }, JS);
    const onMessage = (event) => {
      if (event.origin !== JS || !iframe || event.source !== iframe.contentWindow) return;
      const message = event.data;
      if (message?.frame !== name) return;
      if (message.kind === 'height') iframe.style.height = `${message.height}px`;
      else if (message.kind === 'reply') replies.get(message.id)?.(message.result);
      else if (message.kind === 'ready') {
        markReady();
        emit('ready', { elementType: 'payment' });
      } else emit(message.kind, { elementType: 'payment', ...message.payload });
    };

    const element = {
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new IntegrationError(`The selector you specified (${target}) applies to no DOM elements.`);
        if (iframe) throw new IntegrationError('This Element is already mounted. Use `unmount()` first.');
        container = document.createElement('div');
        container.className = '__PrivateStripeElement';
        Object.assign(container.style, {
          margin: '0',
          padding: '0',
          border: 'none',
          display: 'block',
          position: 'relative',
        });
        frameReady = new Promise((resolve) => {
          markReady = resolve;
        });
        iframe = document.createElement('iframe');
        iframe.name = name;
        iframe.title = 'Secure payment input frame';
        iframe.setAttribute('allow', 'payment *');
        iframe.setAttribute('frameborder', '0');
        iframe.setAttribute('scrolling', 'no');
        // Stripe's sizing: 1px wide at least as wide as its container, so a flex or grid parent cannot shrink it.
        Object.assign(iframe.style, {
          border: 'none',
          margin: '0',
          padding: '0',
          width: '1px',
          minWidth: '100%',
          overflow: 'hidden',
          display: 'block',
          height: '200px',
        });
        // What the frame needs to draw: never the client secret nor the key (those go with a confirm).
        const config = {
          frame: name,
          origin: window.location.origin,
          appearance: group.options().appearance ?? {},
          layout: options?.layout ?? 'tabs',
        };
        iframe.src = `${JS}/v3/elements-inner-payment.html#${encodeURIComponent(JSON.stringify(config))}`;
        container.appendChild(iframe);
        node.appendChild(container);
        window.addEventListener('message', onMessage);
        emit('loaderstart', { elementType: 'payment' });
      },
      unmount() {
        window.removeEventListener('message', onMessage);
        container?.remove();
        container = null;
        iframe = null;
      },
      destroy() {
        element.unmount();
        group.forget(element);
      },
      on(event, handler) {
        listeners.set(event, [...(listeners.get(event) ?? []), handler]);
        return element;
      },
      off(event, handler) {
        listeners.set(event, handler ? (listeners.get(event) ?? []).filter((h) => h !== handler) : []);
        return element;
      },
      once(event, handler) {
        const wrapped = (payload) => {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      update(next) {
        post({ kind: 'update', options: { ...next, appearance: group.options().appearance ?? {} } });
      },
      focus: () => post({ kind: 'focus' }),
      blur: () => post({ kind: 'blur' }),
      clear: () => post({ kind: 'clear' }),
      collapse: () => {},
      /** Asks the frame to do something (validate, confirm) and resolves with its answer. */
      call(kind, payload = {}) {
        if (!iframe)
          return Promise.resolve({
            error: { type: 'validation_error', message: 'The Payment Element is not mounted.' },
          });
        const id = ++calls;
        return new Promise((resolve) => {
          replies.set(id, (result) => {
            replies.delete(id);
            resolve(result);
          });
          frameReady.then(() => post({ kind, id, ...payload }));
        });
      },
    };
    return element;
  }

  function elementsGroup(initial) {
    let options = { ...initial };
    let payment = null;
    const group = {
      create(type, elementOptions) {
        if (type !== 'payment') throw new IntegrationError(`The stand-in of Stripe.js has no ${type} Element.`);
        if (!options.clientSecret && !options.mode) {
          throw new IntegrationError(
            'In order to create a payment element, you must pass a valid PaymentIntent or SetupIntent client secret when creating the Elements group.',
          );
        }
        if (payment) throw new IntegrationError('Can only create one Element of type payment.');
        payment = paymentElement(group, elementOptions);
        return payment;
      },
      getElement: (type) => (type === 'payment' ? payment : null),
      update(next) {
        if ('clientSecret' in next) throw new IntegrationError('clientSecret is not a mutable property.');
        options = { ...options, ...next };
        payment?.update({});
      },
      /** Validates the Payment Element's fields (the frame shows what is wrong), as elements.submit() does. */
      async submit() {
        if (!payment) throw new IntegrationError('elements.submit() needs a mounted Payment Element.');
        const { error } = await payment.call('validate');
        return error ? { error } : { selectedPaymentMethod: 'card' };
      },
      fetchUpdates: async () => ({}),
      options: () => options,
      forget(element) {
        if (payment === element) payment = null;
      },
    };
    return group;
  }

  function Stripe(key, stripeOptions) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) {
      throw new IntegrationError(
        'Invalid value for Stripe(): apiKey should be a publishable key (pk_test_… or pk_live_…).',
      );
    }
    const ctx = { key, account: stripeOptions?.stripeAccount ?? null, wrappers: [], appInfo: null };
    const retrieve = async (clientSecret) => {
      const body = await api(ctx, 'GET', `/v1/payment_intents/${intentIdOf(clientSecret)}`, {
        client_secret: clientSecret,
      });
      return body.error ? { error: body.error } : { paymentIntent: body };
    };
    const unsupported = (method) => () => {
      throw new IntegrationError(`The stand-in of Stripe.js does not implement stripe.${method}().`);
    };
    return {
      elements: (options = {}) => elementsGroup(options),
      async confirmPayment({ elements, clientSecret, confirmParams = {}, redirect = 'always' } = {}) {
        const element = elements?.getElement('payment');
        if (!element)
          throw new IntegrationError('stripe.confirmPayment(): expected `elements` with a mounted Payment Element.');
        const secret = clientSecret ?? elements.options().clientSecret;
        if (!secret) throw new IntegrationError('stripe.confirmPayment(): the Elements group has no clientSecret.');
        if (redirect !== 'if_required' && !confirmParams.return_url) {
          throw new IntegrationError(
            "stripe.confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
          );
        }
        const answer = await element.call('confirm', {
          key: ctx.key,
          account: ctx.account,
          clientSecret: secret,
          returnUrl: confirmParams.return_url ?? null,
        });
        if (answer.error) return { error: answer.error };
        return finish(ctx, answer.paymentIntent, redirect, confirmParams.return_url);
      },
      retrievePaymentIntent: retrieve,
      async handleNextAction({ clientSecret }) {
        const { paymentIntent, error } = await retrieve(clientSecret);
        return error ? { error } : finish(ctx, paymentIntent, 'if_required', null);
      },
      createToken: unsupported('createToken'),
      createPaymentMethod: unsupported('createPaymentMethod'),
      confirmCardPayment: unsupported('confirmCardPayment'),
      // @stripe/stripe-js and @stripe/react-stripe-js announce themselves; Stripe.js keeps it for its logs.
      _registerWrapper: (wrapper) => ctx.wrappers.push(wrapper),
      registerAppInfo: (info) => {
        ctx.appInfo = info;
      },
    };
  }
  // @stripe/stripe-js compares this with the release train it expects (RELEASE_TRAIN in its loader).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
