'use client';

import { type FormEvent, type ReactNode, type RefObject, useEffect, useState } from 'react';
import { Field } from '../../../components/field';

/** The object URL of a chosen photo for its preview, let go when another is chosen or the form closes. */
function useObjectUrl(file?: Blob) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** A photo from the phone's camera (a file chooser elsewhere), with a preview of the one chosen. */
export function PhotoInput(props: {
  label: string;
  hint?: string;
  error?: string;
  file?: File;
  onFile: (file?: File) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const url = useObjectUrl(props.file);
  return (
    <Field label={props.label} name="photo" error={props.error} hint={props.hint}>
      {(control) => (
        <>
          <input
            {...control}
            ref={props.inputRef}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => props.onFile(e.target.files?.[0])}
          />
          {url ? <img className="photo-preview" src={url} alt={`${props.label}, as chosen`} /> : null}
        </>
      )}
    </Field>
  );
}

/** A short form under a stop's buttons: focused when it opens, its send button busy while the photo is kept. */
export function StopForm(props: {
  id: string;
  label: string;
  submit: string;
  busy: boolean;
  first: RefObject<HTMLElement | null>;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { first } = props;
  useEffect(() => first.current?.focus(), [first]);
  return (
    <form id={props.id} className="stop-form" aria-label={props.label} noValidate onSubmit={props.onSubmit}>
      {props.children}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-big" aria-disabled={props.busy || undefined}>
          {props.busy ? <span className="spinner" aria-hidden="true" /> : null}
          {props.submit}
        </button>
        <button type="button" className="btn" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
