import { type FormEvent, useId, useRef, useState } from 'react';
import { type ApiFailure, rentalApi } from '../../../lib/rental-api';
import { type JunkBooking, type JunkPhotosResult, moment } from '../../../lib/rental-format';
import { FormCard, LiveError, SubmitButton } from './form-card';

type Props = {
  booking: JunkBooking;
  api: string;
  token: string;
  ready: boolean;
  onAdded(result: JunkPhotosResult): Promise<void>;
  /** Reads the booking again (how many photos it still takes, until when) after a refusal. */
  onRefresh(): Promise<unknown>;
};

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** "3 photos", "1 photo". */
export function photosText(count: number): string {
  return `${count} ${count === 1 ? 'photo' : 'photos'}`;
}

/**
 * "Add photos of what we're hauling": pictures of the pile for the crew, sent with the link's token, under the
 * rules of the booking's photo step (the API says which one a file breaks, shown next to the input). Shown
 * while the job still takes photos online.
 */
export function JunkPhotosForm({ booking, api, token, ready, onAdded, onRefresh }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const remaining = booking.photos_remaining;
  const fail = (message: string) => setError({ code: 'invalid', message, status: 0 });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const files = Array.from(input.current?.files ?? []);
    if (files.length === 0) return fail('Choose a photo to add.');
    if (files.length > remaining)
      return fail(`You can add ${photosText(remaining)} more: choose ${remaining === 1 ? 'one' : 'fewer'}.`);
    setError(null);
    setBusy(true);
    const res = await rentalApi.addJobPhotos(api, token, files);
    setBusy(false);
    if (res.ok) {
      if (input.current) input.current.value = '';
      return onAdded(res.data);
    }
    setError(res.error);
    if (res.error.code !== 'network' && res.error.code !== 'rate_limited') await onRefresh();
  };

  // The time is the visitor's own: written once the page's script runs (the server knows no time zone).
  const until = booking.photos_until && ready ? `, until ${moment(booking.photos_until, true)}` : '';
  const describedBy = error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <FormCard id={id} title="Add photos of what we're hauling" onSubmit={submit} ready={ready}>
      <p className="hint lead">Photos help the crew bring the right truck.</p>
      <label htmlFor={`${id}-photos`}>Photos</label>
      <input
        ref={input}
        id={`${id}-photos`}
        type="file"
        name="photos"
        accept={ACCEPT}
        multiple={remaining > 1}
        onChange={() => setError(null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <p id={`${id}-hint`} className="hint">
        {`Up to ${remaining} more ${remaining === 1 ? 'photo' : 'photos'}${until}.`} JPEG, PNG or WebP, up to 8 MB each.
      </p>
      <LiveError id={`${id}-error`} error={error} />
      <SubmitButton busy={busy} label="Upload" busyLabel="Uploading…" primary />
    </FormCard>
  );
}
