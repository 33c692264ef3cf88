'use client';

import { type FormEvent, useRef, useState } from 'react';
import { Field } from '../../../../components/field';
import { FormMessage, SubmitButton } from '../../../../components/form';
import { useToast } from '../../../../components/notice';
import { countsChanged } from '../../../../lib/counts';
import { mapApiError } from '../../../../lib/form-errors';
import { recordPermit } from '../../../../lib/permit-api';
import { checkPermitForm, type OrderPermit, type PermitFormErrors, SCAN_TYPES } from '../../../../lib/permits';

const FIELDS = ['number', 'starts_on', 'ends_on', 'scan'] as const;

/**
 * Records the city's permit on the order: its number, the days it covers and a scan (photo or scan of the
 * paper), multipart as the API takes it. Every problem shows under its field (the form's own checks first,
 * then the API's); sent again, it replaces the number and dates and keeps the scan unless a new one is chosen.
 */
export function PermitForm(props: { number: number; permit: OrderPermit; delivery: string; onSaved: () => void }) {
  const { permit } = props;
  const [errors, setErrors] = useState<PermitFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const toast = useToast();
  const recorded = permit.number !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (running.current) return;
    const form = event.currentTarget;
    const values = new FormData(form);
    const scan = values.get('scan');
    const file = scan instanceof Blob && scan.size > 0 ? scan : null;
    const local = checkPermitForm(
      {
        number: String(values.get('number') ?? ''),
        starts_on: String(values.get('starts_on') ?? ''),
        ends_on: String(values.get('ends_on') ?? ''),
      },
      file,
    );
    if (Object.keys(local).length) return show(form, local, undefined);
    running.current = true;
    setPending(true);
    try {
      const result = await recordPermit(props.number, values);
      if (result.ok) {
        show(form, {}, undefined);
        toast.show(`Permit ${result.data.number ?? ''} recorded for order #${props.number}.`);
        countsChanged();
        props.onSaved();
        return;
      }
      const mapped = mapApiError(result.error, FIELDS);
      show(form, mapped.fields, mapped.form);
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  function show(form: HTMLFormElement, fields: PermitFormErrors, message: string | undefined) {
    setErrors(fields);
    setFormError(message);
    const first = FIELDS.find((f) => fields[f]);
    if (first) setTimeout(() => (form.elements.namedItem(first) as HTMLElement | null)?.focus?.(), 0);
  }

  return (
    <form onSubmit={submit} method="post" noValidate aria-label="Record the permit" encType="multipart/form-data">
      <h3>{recorded ? 'Change the permit' : 'Record the permit'}</h3>
      <FormMessage message={formError} />
      <div className="field-row">
        <Field
          label="Permit number"
          name="number"
          defaultValue={permit.number ?? ''}
          maxLength={64}
          error={errors.number}
          autoComplete="off"
        />
        <Field
          label="First day covered"
          name="starts_on"
          type="date"
          defaultValue={permit.starts_on ?? props.delivery}
          error={errors.starts_on}
        />
        <Field
          label="Last day covered"
          name="ends_on"
          type="date"
          defaultValue={permit.ends_on ?? permit.covered_through ?? ''}
          error={errors.ends_on}
        />
      </div>
      <Field
        label="Scan of the permit"
        name="scan"
        type="file"
        accept={SCAN_TYPES.join(',')}
        hint={
          recorded && permit.scan
            ? 'JPEG, PNG or WebP, up to 8 MB. Leave empty to keep the scan on file.'
            : 'JPEG, PNG or WebP, up to 8 MB (a phone photo of the paper will do).'
        }
        error={errors.scan}
      />
      <div className="form-actions">
        <SubmitButton pending={pending} pendingLabel="Saving…">
          {recorded ? 'Save the permit' : 'Record the permit'}
        </SubmitButton>
      </div>
    </form>
  );
}
