/**
 * The sandbox's browser component, served as /sandbox/v1/js: the same shape as Stripe.js and its Payment
 * Element, so a page switches processors without changing its flow:
 *
 *   const sandbox = SvcSandbox('pk_sandbox_svc');
 *   const elements = sandbox.elements({ clientSecret });
 *   elements.create('payment').mount('#payment');
 *   const { error, paymentIntent } = await sandbox.confirmPayment({ elements, confirmParams: { return_url }, redirect: 'if_required' });
 *
 * The card form lives in a shadow root (host styles cannot reach it) and posts the card only to the
 * sandbox's own endpoint, never to the Booking API. This function is served as its own source, so it must
 * not refer to anything outside itself.
 */
export function sandboxClient(win: Window & { SvcSandbox?: unknown }, apiOrigin: string): void {
  type Confirmed = {
    error?: { type: string; code: string; message: string; decline_code?: string };
    paymentIntent?: { id: string; status: string };
  };
  type Elements = {
    clientSecret: string;
    form: { number: HTMLInputElement; expiry: HTMLInputElement; cvc: HTMLInputElement; error: HTMLElement } | null;
  };

  // Pixels, not rem: the component sits in other people's pages, whose root font size is theirs.
  const css = `:host{all:initial;display:block}*{box-sizing:border-box;font-family:system-ui,-apple-system,sans-serif;letter-spacing:normal;text-transform:none;line-height:1.4}
.f{display:grid;gap:12px;grid-template-columns:1fr 1fr}.w{grid-column:1/-1}
label{display:block;font-size:14px;font-weight:600;color:#1f2937;margin-bottom:4px}
input{width:100%;font-size:16px;padding:10.4px 12px;border:1px solid #9ca3af;border-radius:8px;background:#fff;color:#111827}
input:focus{outline:3px solid #2563eb55;border-color:#2563eb}input[aria-invalid=true]{border-color:#b91c1c}
.e{color:#b91c1c;font-size:14px;min-height:20px}.n{color:#4b5563;font-size:12px}`;

  function create(el: Element, elements: Elements) {
    const root = el.attachShadow ? el.attachShadow({ mode: 'open' }) : (el as unknown as ShadowRoot);
    const id = `svc-sbx-${Math.random().toString(36).slice(2, 8)}`;
    root.innerHTML = `<style>${css}</style><div class="f" role="group" aria-label="Card details">
<div class="w"><label for="${id}-n">Card number</label><input id="${id}-n" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" aria-describedby="${id}-e"></div>
<div><label for="${id}-x">Expiry (MM / YY)</label><input id="${id}-x" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="12 / 30" aria-describedby="${id}-e"></div>
<div><label for="${id}-c">Security code</label><input id="${id}-c" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" aria-describedby="${id}-e"></div>
<div class="w e" id="${id}-e" role="alert" aria-live="polite"></div><div class="w n">Sandbox: no real card is charged.</div></div>`;
    const q = (s: string) => root.querySelector(s) as HTMLInputElement;
    elements.form = { number: q(`#${id}-n`), expiry: q(`#${id}-x`), cvc: q(`#${id}-c`), error: q(`#${id}-e`) };
  }

  function SvcSandbox(publishableKey: string) {
    if (!/^pk_sandbox_/.test(publishableKey))
      throw new Error('SvcSandbox: expected the sandbox publishable key (pk_sandbox_…)');
    return {
      elements({ clientSecret }: { clientSecret: string }) {
        const elements: Elements = { clientSecret, form: null };
        return Object.assign(elements, {
          create(type: string) {
            if (type !== 'payment') throw new Error(`SvcSandbox: unknown element type ${type}`);
            return {
              mount(target: string | Element) {
                const el = typeof target === 'string' ? win.document.querySelector(target) : target;
                if (!el) throw new Error(`SvcSandbox: no element ${String(target)}`);
                create(el, elements);
              },
            };
          },
        });
      },
      async confirmPayment(params: {
        elements: Elements;
        confirmParams?: { return_url?: string };
        redirect?: 'always' | 'if_required';
      }): Promise<Confirmed> {
        const { elements } = params;
        const form = elements.form;
        if (!form)
          return {
            error: { type: 'validation_error', code: 'incomplete', message: 'The payment form is not mounted.' },
          };
        const fail = (message: string, input: HTMLInputElement | null, code = 'incomplete'): Confirmed => {
          form.error.textContent = message;
          for (const i of [form.number, form.expiry, form.cvc]) i.setAttribute('aria-invalid', String(i === input));
          input?.focus();
          return { error: { type: 'validation_error', code, message } };
        };
        const number = form.number.value.replace(/\D/g, '');
        const exp = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.expiry.value);
        if (number.length < 12) return fail('Enter the card number.', form.number);
        if (!exp) return fail('Enter the expiry date as MM / YY.', form.expiry);
        if (!/^\d{3,4}$/.test(form.cvc.value.trim())) return fail('Enter the 3 or 4 digit security code.', form.cvc);
        const year = Number(exp[2]) < 100 ? 2000 + Number(exp[2]) : Number(exp[2]);
        const intentId = elements.clientSecret.split('_secret_')[0];
        const res = await fetch(`${apiOrigin}/sandbox/v1/payment_intents/${intentId}/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client_secret: elements.clientSecret,
            card: { number, exp_month: Number(exp[1]), exp_year: year, cvc: form.cvc.value.trim() },
            return_url: params.confirmParams?.return_url,
          }),
        });
        const body = await res.json();
        if (!res.ok) {
          const input = body.error?.param === 'card.exp_month' ? form.expiry : form.number;
          const out = fail(body.error?.message ?? 'The payment failed.', input, body.error?.code);
          return {
            error: {
              ...(out.error as NonNullable<Confirmed['error']>),
              type: body.error?.type ?? 'card_error',
              decline_code: body.error?.decline_code,
            },
          };
        }
        form.error.textContent = '';
        if (body.status === 'requires_action' && body.next_action?.redirect_to_url?.url) {
          win.location.assign(body.next_action.redirect_to_url.url);
          return new Promise<Confirmed>(() => {}); // the page is leaving, as with Stripe's redirect
        }
        if (params.redirect !== 'if_required' && params.confirmParams?.return_url) {
          const url = new URL(params.confirmParams.return_url);
          url.searchParams.set('payment_intent', body.id);
          url.searchParams.set('redirect_status', 'succeeded');
          win.location.assign(url.toString());
          return new Promise<Confirmed>(() => {});
        }
        return { paymentIntent: { id: body.id, status: body.status } };
      },
    };
  }
  win.SvcSandbox = SvcSandbox;
}

/** The served script: the function's own source, called with where the sandbox lives. */
export function sandboxScript(apiOrigin: string): string {
  return `/* svc sandbox payment component */\n(${sandboxClient.toString()})(window, ${JSON.stringify(apiOrigin)});\n`;
}
