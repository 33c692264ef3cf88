/*
 * The Payment Element's frame of the Stripe.js stand-in (stripe.js beside it). The card stays in this frame
 * (js.stripe.com): a confirm sends it from here to api.stripe.com with the publishable key and the client
 * secret, as Stripe's frames do, and only the answer goes back to the page. Fields are checked here first,
 * with Stripe's messages; a declined card is the page's to show (Stripe's Payment Element does not).
 */
(() => {
  const config = JSON.parse(decodeURIComponent(window.location.hash.slice(1)));
  const parentOrigin = config.origin;
  const $ = (id) => document.getElementById(id);
  const fields = { number: $('number'), expiry: $('expiry'), cvc: $('cvc') };

  const tell = (kind, extra = {}) => window.parent.postMessage({ frame: config.frame, kind, ...extra }, parentOrigin);

  function applyAppearance(appearance) {
    const primary = appearance?.variables?.colorPrimary;
    if (primary) document.documentElement.style.setProperty('--primary', primary);
  }
  applyAppearance(config.appearance);

  // As typed: the number in groups of four, the expiry as MM / YY.
  fields.number.addEventListener('input', () => {
    const digits = fields.number.value.replace(/\D/g, '').slice(0, 19);
    fields.number.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  });
  fields.expiry.addEventListener('input', (event) => {
    const digits = fields.expiry.value.replace(/\D/g, '').slice(0, 4);
    const deleting = event.inputType?.startsWith('delete');
    fields.expiry.value =
      digits.length > 2 || (digits.length === 2 && !deleting) ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
  });
  fields.cvc.addEventListener('input', () => {
    fields.cvc.value = fields.cvc.value.replace(/\D/g, '').slice(0, 4);
  });

  function luhn(digits) {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }

  /** The card as typed, or the first field's problem in Stripe's words (a validation_error). */
  function read() {
    const number = fields.number.value.replace(/\D/g, '');
    const [, month, year] = /^(\d{2}) \/ (\d{2})$/.exec(fields.expiry.value) ?? [];
    const cvc = fields.cvc.value;
    const now = new Date();
    const expYear = 2000 + Number(year);
    if (number.length === 0 || number.length < 15) {
      return { field: 'number', code: 'incomplete_number', message: 'Your card number is incomplete.' };
    }
    if (!luhn(number)) return { field: 'number', code: 'invalid_number', message: 'Your card number is invalid.' };
    if (!month)
      return { field: 'expiry', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
    if (Number(month) < 1 || Number(month) > 12) {
      return { field: 'expiry', code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." };
    }
    if (expYear < now.getFullYear()) {
      return {
        field: 'expiry',
        code: 'invalid_expiry_year_past',
        message: "Your card's expiration year is in the past.",
      };
    }
    if (expYear === now.getFullYear() && Number(month) < now.getMonth() + 1) {
      return {
        field: 'expiry',
        code: 'invalid_expiry_month_past',
        message: "Your card's expiration date is in the past.",
      };
    }
    if (cvc.length < 3)
      return { field: 'cvc', code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
    return { card: { number, exp_month: month, exp_year: String(expYear), cvc } };
  }

  /** Shows the problem under its field (or clears them all), and answers it as Stripe.js reports it. */
  function validate() {
    const checked = read();
    for (const [name, input] of Object.entries(fields)) {
      const wrong = checked.field === name;
      input.setAttribute('aria-invalid', String(wrong));
      $(`${name}-error`).textContent = wrong ? checked.message : '';
    }
    if (!checked.field) return checked;
    fields[checked.field].focus();
    return { error: { type: 'validation_error', code: checked.code, message: checked.message } };
  }

  async function confirm({ key, account, clientSecret, returnUrl }) {
    const checked = validate();
    if (checked.error) return checked;
    const { card } = checked;
    const params = new URLSearchParams({
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card.number,
      'payment_method_data[card][exp_month]': card.exp_month,
      'payment_method_data[card][exp_year]': card.exp_year,
      'payment_method_data[card][cvc]': card.cvc,
      'payment_method_data[payment_user_agent]': 'stripe.js/stand-in; stripe-js-v3/stand-in; payment-element',
      expected_payment_method_type: 'card',
      use_stripe_sdk: 'true',
      key,
      client_secret: clientSecret,
    });
    if (returnUrl) params.set('return_url', returnUrl);
    if (account) params.set('_stripe_account', account);
    const intentId = clientSecret.split('_secret_')[0];
    for (const input of Object.values(fields)) input.disabled = true;
    try {
      const res = await fetch(`https://api.stripe.com/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        body: params,
      });
      const body = await res.json();
      return body.error ? { error: body.error } : { paymentIntent: body };
    } catch {
      return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please try again.' } };
    } finally {
      for (const input of Object.values(fields)) input.disabled = false;
    }
  }

  window.addEventListener('message', async (event) => {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    const message = event.data;
    if (message?.frame !== config.frame) return;
    if (message.kind === 'confirm') tell('reply', { id: message.id, result: await confirm(message) });
    else if (message.kind === 'validate') tell('reply', { id: message.id, result: validate() });
    else if (message.kind === 'update') applyAppearance(message.options.appearance);
    else if (message.kind === 'focus') fields.number.focus();
    else if (message.kind === 'blur') document.activeElement?.blur();
    else if (message.kind === 'clear') for (const input of Object.values(fields)) input.value = '';
  });

  // The page hears what Stripe's Payment Element tells it: change (empty, complete), focus, blur, its height.
  const state = () => {
    const checked = read();
    const empty = Object.values(fields).every((input) => input.value === '');
    return { empty, complete: !checked.field, collapsed: false, value: { type: 'card' } };
  };
  document.addEventListener('input', () => tell('change', { payload: state() }));
  document.addEventListener('focusin', () => tell('focus'));
  document.addEventListener('focusout', () => tell('blur'));
  const form = document.querySelector('form');
  new ResizeObserver(() => tell('height', { height: Math.ceil(form.getBoundingClientRect().height) + 4 })).observe(
    form,
  );
  tell('ready');
})();
