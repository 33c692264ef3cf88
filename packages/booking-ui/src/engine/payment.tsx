import { lazy, Suspense, useEffect, useRef } from 'react';
import type { PaymentProps } from './payment-types';

const StripePayment = lazy(() => import('./stripe-payment'));

/**
 * The processor's own payment component, mounted with the intent's client secret: Stripe's Payment
 * Element for Stripe companies, the sandbox's look-alike otherwise. The card never passes through us.
 */
export function PaymentComponent(props: PaymentProps) {
  if (props.intent.processor.kind === 'stripe') {
    return (
      <Suspense fallback={<p>Loading the secure card form…</p>}>
        <StripePayment {...props} />
      </Suspense>
    );
  }
  return <SandboxPayment {...props} />;
}

type SandboxConfirm = (params: {
  elements: unknown;
  confirmParams: { return_url: string };
  redirect: 'if_required';
}) => Promise<{ error?: { message: string }; paymentIntent?: { status: string } }>;
type SandboxFactory = (key: string) => {
  elements(o: { clientSecret: string }): { create(t: 'payment'): { mount(el: Element): void } };
  confirmPayment: SandboxConfirm;
};

const loading = new Map<string, Promise<SandboxFactory>>();

/** The sandbox's browser script, like js.stripe.com: loaded once from the platform. */
function loadSandbox(apiBaseUrl: string): Promise<SandboxFactory> {
  const src = `${apiBaseUrl.replace(/\/$/, '')}/sandbox/v1/js`;
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise((resolve, reject) => {
      const win = window as unknown as { SvcSandbox?: SandboxFactory };
      if (win.SvcSandbox) return resolve(win.SvcSandbox);
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (win.SvcSandbox ? resolve(win.SvcSandbox) : reject(new Error('sandbox script broken')));
      script.onerror = () => {
        loading.delete(src);
        reject(new Error('The card form could not be loaded.'));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

function SandboxPayment({ intent, apiBaseUrl, returnUrl, onReady }: PaymentProps) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    onReady(null);
    loadSandbox(apiBaseUrl).then(
      (factory) => {
        if (!live || !slot.current) return;
        const sandbox = factory(intent.processor.publishable_key);
        const elements = sandbox.elements({ clientSecret: intent.client_secret });
        // A fresh node each time: the component attaches its own shadow root to it.
        const host = document.createElement('div');
        slot.current.replaceChildren(host);
        elements.create('payment').mount(host);
        onReady(async () => {
          const { error } = await sandbox.confirmPayment({
            elements,
            confirmParams: { return_url: returnUrl },
            redirect: 'if_required',
          });
          return error ? { error: error.message } : {};
        });
      },
      () => {
        if (live && slot.current) {
          slot.current.textContent = 'The card form could not be loaded. Check your connection and reload the page.';
        }
      },
    );
    return () => {
      live = false;
    };
  }, [intent.client_secret, intent.processor.publishable_key, apiBaseUrl, returnUrl, onReady]);
  return <div ref={slot} className="payment-slot" />;
}
