'use client';

import { useParams } from 'next/navigation';
import { Notice } from '../../../../components/notice';
import { api, pathNumber } from '../../../../lib/api';
import { useApi } from '../../../../lib/use-api';
import { RecordView } from '../../_office/record-view';

/** A junk removal job: as an order's page, with the arrival window, the customer's notes and photos. */
export default function JobPage() {
  const { number } = useParams<{ number: string }>();
  const job = useApi(
    (signal) => api.GET('/jobs/{job_number}', { params: { path: { job_number: pathNumber(number) } }, signal }),
    [number],
  );
  if (job.error)
    return (
      <Notice tone="danger" title={`Job #${number}`}>
        {job.error.message}
      </Notice>
    );
  const j = job.data;
  if (!j) return <p className="muted">Loading…</p>;
  return (
    <RecordView
      kind="job"
      number={j.job_number}
      record={j}
      reload={job.reload}
      booked={[
        ['Load', j.load],
        ['Day', j.job_date],
        ['Arrival window', `${j.window.start}–${j.window.end}`],
        ['Notes', j.notes ?? '—'],
      ]}
      extra={
        <section aria-labelledby="photos">
          <h2 id="photos">Photos</h2>
          {j.photos.length ? (
            <ul>
              {j.photos.map((p) => (
                <li key={p.id}>{`${p.content_type}, ${p.width}×${p.height}, ${Math.round(p.bytes / 1024)} KB`}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">The customer sent no photos.</p>
          )}
          <p className="muted">Viewing the images in the console is not available yet.</p>
        </section>
      }
    />
  );
}
