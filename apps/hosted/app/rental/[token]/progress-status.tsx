type Props = {
  status: string;
  /** The steps from booked to completed, in order. */
  steps: readonly { label: string }[];
  /** The index in `steps` of the status (-1: off the steps: canceled, held or unknown). */
  step: number;
  /** The status's name when it is off the steps and not canceled ("Under review"). */
  label?: string;
  /** What the page says instead of the steps when the status is off them. */
  message: string;
};

/** The status: where it is on its way from booked to completed (the current step marked), or the sentence why not. */
export function ProgressStatus({ status, steps, step, label, message }: Props) {
  const name = status === 'canceled' ? 'Canceled' : (label ?? steps[step]?.label ?? status.replace(/_/g, ' '));
  return (
    <section aria-labelledby="rb-status">
      <h2 id="rb-status">Status: {name}</h2>
      {step < 0 ? (
        <p className={status === 'canceled' ? 'canceled' : undefined}>{message}</p>
      ) : (
        <ol className="steps" aria-label="Progress">
          {steps.map((s, i) => (
            <li key={s.label} className={i < step ? 'done' : undefined} aria-current={i === step ? 'step' : undefined}>
              {s.label}
              {i < step ? <span className="visually-hidden"> (done)</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
