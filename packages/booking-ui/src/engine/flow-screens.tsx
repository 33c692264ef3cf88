import type { ReactNode, Ref } from 'react';
import type { Checkout } from './checkout';
import { CheckoutScreens, FlowFrame, LoadError, Loading } from './screens';
import type { OutcomeLabels } from './steps';
import type { CompanyEmbed, Done, Pending } from './types';

/** What the screens read of a form's flow (engine/use-booking-flow.ts). */
type FlowView<A, D> = {
  props: { company: CompanyEmbed; apiBaseUrl: string; returnUrl: () => string };
  id(field: 'card'): string;
  root: Ref<HTMLDivElement>;
  data: D | null;
  loadError: string | null;
  checkout: Checkout<A>;
};

/**
 * A form's flow on screen: in the company's frame, the load error or the placeholder until the data is
 * here, then the form, the card, the confirm and the outcome (engine/screens.tsx).
 */
export function FlowScreens<A, D>(props: {
  flow: FlowView<A, D>;
  /** What the placeholder says is loading ("sizes and prices"). */
  loading: string;
  /** Said instead of the form when the company takes no booking of this kind online; null when it does. */
  closed?(data: D): ReactNode;
  form(data: D): ReactNode;
  summary(pending: Pending<A>, onEdit: (() => void) | undefined): ReactNode;
  labels: OutcomeLabels;
  /** What the form forgets for the next booking; the engine then forgets the booking made. */
  onStartOver(): void;
  /** What the form adds to the outcome of a made booking. */
  afterDone?(done: Done): ReactNode;
}) {
  const { flow } = props;
  const { company } = flow.props;
  const { data, checkout } = flow;
  const color = company.branding.primary_color;
  const closed = data ? props.closed?.(data) : null;
  return (
    <FlowFrame color={color} rootRef={flow.root}>
      {flow.loadError ? (
        <LoadError message={flow.loadError} />
      ) : !data ? (
        <Loading what={props.loading} />
      ) : closed ? (
        closed
      ) : (
        <CheckoutScreens
          checkout={checkout}
          form={props.form(data)}
          summary={props.summary}
          labels={props.labels}
          companyName={company.name}
          apiBaseUrl={flow.props.apiBaseUrl}
          returnUrl={flow.props.returnUrl}
          color={color}
          cardId={flow.id('card')}
          onStartOver={() => {
            props.onStartOver();
            checkout.startOver();
          }}
          afterDone={props.afterDone}
        />
      )}
    </FlowFrame>
  );
}
