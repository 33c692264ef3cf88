'use client';

import { type FormEvent, useRef, useState } from 'react';
import { Field } from '../../../components/field';
import { type FailureReason, parseTicket, REASON_LABELS } from '../../../lib/field-queue';
import { PhotoInput, StopForm } from './form-parts';
import { preparePhoto } from './send';

type Done = Promise<boolean>;

/** Delivered: the placement photo first (the API refuses a delivery without one). */
export function DeliveredForm(p: { id: string; where: string; onSubmit: (photo: Blob) => Done; onCancel: () => void }) {
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!file) {
      setError('Take a photo of the can where it was placed.');
      return input.current?.focus();
    }
    setBusy(true);
    await p.onSubmit(await preparePhoto(file));
    setBusy(false);
  }
  return (
    <StopForm
      id={p.id}
      label={`Delivered at ${p.where}`}
      submit="Mark delivered"
      busy={busy}
      first={input}
      onSubmit={submit}
      onCancel={p.onCancel}
    >
      <PhotoInput
        label="Placement photo"
        error={error}
        file={file}
        inputRef={input}
        onFile={(f) => {
          setFile(f);
          setError(undefined);
        }}
      />
    </StopForm>
  );
}

/** Could not complete: why (each the customer's side: the company's wasted-trip fee may apply). */
export function FailedForm(p: {
  id: string;
  where: string;
  onSubmit: (reason: FailureReason) => Done;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<FailureReason>();
  const [error, setError] = useState<string>();
  const first = useRef<HTMLInputElement>(null);
  const errorId = `${p.id}-reason-error`;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!reason) {
      setError('Choose why the stop could not be done.');
      return first.current?.focus();
    }
    void p.onSubmit(reason);
  }
  return (
    <StopForm
      id={p.id}
      label={`Could not complete ${p.where}`}
      submit="Send: could not complete"
      busy={false}
      first={first}
      onSubmit={submit}
      onCancel={p.onCancel}
    >
      <fieldset className="reasons" aria-describedby={error ? errorId : undefined}>
        <legend>Why could it not be done?</legend>
        {(Object.keys(REASON_LABELS) as FailureReason[]).map((r, i) => (
          <label key={r} className="reason">
            <input
              ref={i === 0 ? first : undefined}
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => {
                setReason(r);
                setError(undefined);
              }}
            />
            {REASON_LABELS[r]}
          </label>
        ))}
        {error ? (
          <span className="error" id={errorId}>
            {error}
          </span>
        ) : null}
      </fieldset>
    </StopForm>
  );
}

/** The weigh ticket: net tons and the landfill's cost as printed, and a photo of the ticket. */
export function TicketForm(p: {
  id: string;
  where: string;
  onSubmit: (ticket: { net_tons: number; landfill_cost: number }, photo?: Blob) => Done;
  onCancel: () => void;
}) {
  const [errors, setErrors] = useState<{ net_tons?: string; landfill_cost?: string }>({});
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const tons = useRef<HTMLInputElement>(null);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const values = new FormData(e.currentTarget);
    const parsed = parseTicket(String(values.get('net_tons') ?? ''), String(values.get('landfill_cost') ?? ''));
    setErrors(parsed.errors);
    if (!parsed.ticket) {
      const field = parsed.errors.net_tons ? 'net_tons' : 'landfill_cost';
      return (e.currentTarget.elements.namedItem(field) as HTMLInputElement | null)?.focus();
    }
    setBusy(true);
    await p.onSubmit(parsed.ticket, file ? await preparePhoto(file) : undefined);
    setBusy(false);
  }
  return (
    <StopForm
      id={p.id}
      label={`Weigh ticket of ${p.where}`}
      submit="Save weigh ticket"
      busy={busy}
      first={tons}
      onSubmit={submit}
      onCancel={p.onCancel}
    >
      <Field label="Net weight (tons)" name="net_tons" error={errors.net_tons} hint="As printed, for example 5.4">
        {(control) => <input {...control} ref={tons} inputMode="decimal" autoComplete="off" />}
      </Field>
      <Field label="Landfill cost ($)" name="landfill_cost" error={errors.landfill_cost}>
        {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
      </Field>
      <PhotoInput label="Ticket photo" hint="A photo of the printed ticket" file={file} onFile={setFile} />
    </StopForm>
  );
}
