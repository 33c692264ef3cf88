import type { Intent } from '@svc/sdk';

/** Confirms the card in the processor's component: resolves with the processor's message on failure. */
export type PayFn = () => Promise<{ error?: string }>;

export type PaymentProps = {
  /** What the component reads of the payment: its client secret and processor (a booking's or a change's). */
  intent: Pick<Intent, 'client_secret' | 'processor'>;
  apiBaseUrl: string;
  /** Where a card that needs a 3-D Secure step comes back to (the page resumes from sessionStorage). */
  returnUrl: string;
  color: string;
  onReady(pay: PayFn | null): void;
};
