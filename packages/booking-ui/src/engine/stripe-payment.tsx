import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useMemo } from 'react';
import type { PaymentProps } from './payment-types';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for the company: the platform's key, and the connected account when the API names one. */
function stripeFor(key: string, account: string | null) {
  const id = `${key}:${account ?? ''}`;
  let stripe = stripes.get(id);
  if (!stripe) {
    stripe = loadStripe(key, account ? { stripeAccount: account } : undefined);
    stripes.set(id, stripe);
  }
  return stripe;
}

export default function StripePayment(props: PaymentProps) {
  const { processor, client_secret } = props.intent;
  const stripe = useMemo(() => stripeFor(processor.publishable_key, processor.account), [processor]);
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret: client_secret, appearance: { variables: { colorPrimary: props.color } } }}
    >
      <Form {...props} />
    </Elements>
  );
}

function Form({ returnUrl, onReady }: PaymentProps) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return onReady(null);
    onReady(async () => {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      return error ? { error: error.message ?? 'The payment failed.' } : {};
    });
  }, [stripe, elements, returnUrl, onReady]);
  return <PaymentElement options={{ layout: 'tabs' }} />;
}
