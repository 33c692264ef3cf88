import type { CSSProperties, ReactNode, Ref } from 'react';
import { bookingCss } from '../styles';
import { useHydrated } from '../ui/hydrated';
import type { Checkout } from './checkout';
import { PaymentComponent } from './payment';
import { Outcome, type OutcomeLabels, PaymentStep } from './steps';
import type { Done, Pending } from './types';

/** The flow's box: the company's color, our styles, and what is on screen. */
export function FlowFrame(props: { color: string; rootRef?: Ref<HTMLDivElement>; children: ReactNode }) {
  const style = { '--svc-primary': props.color, '--svc-focus': `${props.color}66` } as CSSProperties;
  // data-ready: the flow is interactive (hydrated, or mounted by the widget); tests and the page wait for it.
  const ready = useHydrated();
  return (
    <div className="svc-b" style={style} ref={props.rootRef} data-ready={ready ? '' : undefined}>
      {/* As markup, not text: a renderer escapes text (`"Segoe UI"` became `&quot;Segoe UI&quot;`), and a style
          element does not decode entities, so the server-rendered page lost the rule until hydration. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant stylesheet, no input in it */}
      <style dangerouslySetInnerHTML={{ __html: bookingCss }} />
      {ready ? null : (
        <p className="slow">
          Still loading the booking form… If nothing happens, check your connection and reload the page.
        </p>
      )}
      {props.children}
    </div>
  );
}

/** While the company's catalog loads: a placeholder the size of the form, announced to screen readers. */
export function Loading({ what = 'prices' }: { what?: string }) {
  return (
    <div className="layout" aria-busy="true">
      <p className="sr" role="status">
        Loading {what}…
      </p>
      <div className="skeleton" style={{ minHeight: 420 }} />
      <div className="skeleton aside" style={{ minHeight: 320 }} />
    </div>
  );
}

export function LoadError({ message }: { message: string }) {
  return (
    <div className="alert" role="alert">
      {message}
    </div>
  );
}

/**
 * The engine's screens for a form: the form itself, then the card (with the form's summary of the order),
 * the confirm and the outcome.
 */
export function CheckoutScreens<A>(props: {
  checkout: Checkout<A>;
  form: ReactNode;
  summary(pending: Pending<A>, onEdit: (() => void) | undefined): ReactNode;
  labels: OutcomeLabels;
  companyName: string;
  apiBaseUrl: string;
  returnUrl: () => string;
  color: string;
  cardId: string;
  onStartOver(): void;
  /** What the form adds to the outcome of a made booking. */
  afterDone?(done: Done): ReactNode;
}) {
  const { checkout } = props;
  const { phase } = checkout;
  if (phase.kind === 'done') {
    return (
      <Outcome
        done={phase.done}
        headingRef={checkout.heading}
        companyName={props.companyName}
        labels={props.labels}
        onStartOver={props.onStartOver}
      >
        {props.afterDone?.(phase.done)}
      </Outcome>
    );
  }
  if (phase.kind === 'form') return props.form;
  const { pending } = phase;
  const confirming = phase.kind === 'confirming';
  return (
    <PaymentStep
      pending={pending}
      summary={props.summary(pending, confirming ? undefined : checkout.edit)}
      confirming={confirming}
      headingRef={checkout.heading}
      cardId={props.cardId}
      error={checkout.error}
      canPay={checkout.canPay}
      busy={checkout.busy}
      companyName={props.companyName}
      onPay={() => checkout.payNow(pending)}
    >
      <PaymentComponent
        intent={pending.intent}
        apiBaseUrl={props.apiBaseUrl}
        returnUrl={props.returnUrl()}
        color={props.color}
        onReady={checkout.onReady}
      />
    </PaymentStep>
  );
}
