import { useId, useRef, useState } from 'react';
import { explainPhotoError } from './messages';
import { type PhotoTarget, preparePhoto, uploadPhoto } from './upload';

type Item = {
  key: string;
  name: string;
  state: 'preparing' | 'uploading' | 'done' | 'failed';
  progress: number;
  error?: string;
};

/**
 * "Add photos of your junk", on the confirmation screen: up to the job's limit, each photo resized in the
 * browser when large, sent alone with its own progress bar, each refusal said as a sentence about it.
 */
export function PhotoUpload(props: { target: PhotoTarget; maxPhotos: number; until: string | null }) {
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  /** Photos the job can still take: the server's count once it has answered (a reload forgets ours). */
  const [left, setLeft] = useState(props.maxPhotos);
  const [said, setSaid] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const uid = useId().replace(/:/g, '');
  const added = items.filter((i) => i.state === 'done').length;
  const expired = props.until !== null && Date.parse(props.until) <= Date.now();
  const update = (key: string, patch: Partial<Item>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  async function send(files: File[]) {
    setBusy(true);
    const batch = files.slice(0, Math.max(0, left)).map((file, n) => ({
      file,
      item: { key: `${Date.now()}-${n}`, name: file.name || `Photo ${n + 1}`, state: 'preparing', progress: 0 } as Item,
    }));
    const over = files.length - batch.length;
    setItems((all) => [
      ...all,
      ...batch.map((b) => b.item),
      ...(over > 0
        ? [
            {
              key: `${Date.now()}-over`,
              name: `${over} more ${over === 1 ? 'photo' : 'photos'}`,
              state: 'failed' as const,
              progress: 0,
              error: `Only ${props.maxPhotos} photos can be added to a booking; the rest were not sent.`,
            },
          ]
        : []),
    ]);
    try {
      for (const { file, item } of batch) {
        const photo = await preparePhoto(file).catch(() => file);
        const name =
          photo === file ? file.name || 'photo.jpg' : `${(file.name || 'photo').replace(/\.[^.]*$/, '')}.jpg`;
        update(item.key, { state: 'uploading' });
        const result = await uploadPhoto(props.target, photo, name, (progress) => update(item.key, { progress }));
        if (result.ok) {
          update(item.key, { state: 'done', progress: 1 });
          setLeft(result.remaining);
          setSaid(`${item.name} added.`);
        } else {
          const error = explainPhotoError(result.code, result.reason, result.retryAfter);
          update(item.key, { state: 'failed', error });
          if (result.code === 'photos_limit_reached') setLeft(0);
          setSaid(`${item.name} not added: ${error}`);
        }
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const until = props.until
    ? new Date(props.until).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    : null;
  return (
    <section className="section photos" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Add photos of your junk</h3>
      <p className="hint" id={`${uid}-hint`}>
        Up to {props.maxPhotos} photos help the crew bring the right truck.{' '}
        {until ? `You can add them for 2 hours, until ${until}.` : 'You can add them for 2 hours after booking.'}
      </p>
      {expired ? (
        <p className="hint">The time to add photos has passed. You can show the crew when they call.</p>
      ) : (
        <div>
          <button
            type="button"
            className="btn secondary"
            disabled={busy || left <= 0}
            aria-describedby={`${uid}-hint`}
            onClick={() => input.current?.click()}
          >
            {busy ? 'Uploading…' : added ? 'Add more photos' : 'Choose photos'}
          </button>
          <input
            ref={input}
            type="file"
            hidden
            aria-label="Photos of your junk"
            accept="image/jpeg,image/png,image/webp"
            multiple
            onChange={(e) => void send(Array.from(e.target.files ?? []))}
          />
        </div>
      )}
      <ul className="uploads">
        {items.map((i) => (
          <li key={i.key} data-state={i.state}>
            <span className="name">{i.name}</span>
            {i.state === 'failed' ? (
              <span className="err">{i.error}</span>
            ) : (
              <>
                <span className="meta">
                  {i.state === 'done'
                    ? 'Added'
                    : i.state === 'preparing'
                      ? 'Preparing…'
                      : `${Math.round(i.progress * 100)}%`}
                </span>
                <progress
                  max={1}
                  value={i.state === 'preparing' ? undefined : i.progress}
                  aria-label={`Upload of ${i.name}`}
                />
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="hint" role="status">
        {said} {added ? `${added} of ${props.maxPhotos} photos added.` : ''}
      </p>
    </section>
  );
}
