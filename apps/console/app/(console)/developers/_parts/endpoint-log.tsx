'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ActionButton } from '../../../../components/action-button';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { DataTable } from '../../../../components/data-table';
import { StatusBadge } from '../../../../components/status-badge';
import { useUrlParams } from '../../../../components/url-state';
import { api, call } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/types';
import { useApi } from '../../../../lib/use-api';
import { PageError } from './key-table';

type Delivery = Schemas['WebhookDelivery'];

const answer = (d: Delivery) =>
  d.last_response
    ? `${d.last_response.status_code ?? d.last_response.error ?? 'No answer'} in ${d.last_response.duration_ms} ms`
    : '—';

/**
 * One endpoint's delivery log (newest first, paged in the address): each delivery's event, state, attempts
 * and last answer, its attempts on demand, and Resend; a test event of any of its events; switch back on;
 * remove.
 */
export function EndpointLog({ id }: { id: string }) {
  const { page } = useUrlParams();
  const router = useRouter();
  const log = useApi(
    (signal) => api.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { page } }, signal }),
    [id, page],
  );
  const [event, setEvent] = useState('');
  const [removing, setRemoving] = useState(false);
  if (log.error) return <PageError message={log.error.message} />;
  const data = log.data;
  if (!data) return <p className="muted">Loading…</p>;
  const endpoint = data.endpoint;
  return (
    <>
      <h2>{endpoint.url}</h2>
      <p>
        {endpoint.api === 'booking' ? 'Booking API' : 'Data API'} · {endpoint.events.join(', ')} ·{' '}
        {endpoint.enabled ? <StatusBadge status="enabled" /> : <StatusBadge status="disabled" label="Switched off" />}
      </p>
      {!endpoint.enabled ? (
        <div className="notice tone-warning" role="status">
          <p>
            This endpoint was switched off after failing for about an hour. Its events are kept (held): fix your
            receiver, send a test, then switch it on and they are sent.
          </p>
          <ActionButton
            action={() => call(api.POST('/webhooks/{id}/enable', { params: { path: { id } }, body: {} }))}
            pendingLabel="Switching on…"
            successMessage={(d) => `Switched on; ${d.requeued} kept events are being sent.`}
            onSuccess={log.reload}
          >
            Switch on
          </ActionButton>
        </div>
      ) : null}
      <div className="toolbar">
        <label>
          Test event{' '}
          <select value={event} onChange={(e) => setEvent(e.target.value)} name="event">
            {endpoint.events.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>{' '}
        <ActionButton
          action={() =>
            call(api.POST('/webhooks/{id}/test', { params: { path: { id } }, body: event ? { event } : {} }))
          }
          pendingLabel="Sending…"
          successMessage={(d) =>
            `Test ${d.event} sent: ${d.status === 'delivered' ? 'your receiver accepted it' : `it failed (${answer(d)})`}.`
          }
          onSuccess={log.reload}
        >
          Send test event
        </ActionButton>{' '}
        <button type="button" className="btn btn-danger" onClick={() => setRemoving(true)}>
          Remove endpoint
        </button>
      </div>
      <DataTable
        caption="Deliveries"
        rows={data.deliveries}
        rowKey={(d) => d.id}
        hasMore={data.has_more}
        loading={log.loading}
        empty="Nothing sent yet. Send a test event to see one here."
        columns={[
          { key: 'event', header: 'Event', cell: (d) => `${d.event}${d.test ? ' (test)' : ''}` },
          { key: 'at', header: 'Created', cell: (d) => new Date(d.created_at).toLocaleString() },
          { key: 'status', header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
          { key: 'attempts', header: 'Attempts', cell: (d) => <Attempts delivery={d} />, align: 'end' },
          { key: 'answer', header: 'Last answer', cell: answer },
          {
            key: 'resend',
            action: true,
            header: 'Actions',
            cell: (d) => (
              <ActionButton
                action={() =>
                  call(
                    api.POST('/webhooks/{id}/deliveries/{delivery_id}/resend', {
                      params: { path: { id, delivery_id: d.id } },
                      body: { attempts: d.attempts },
                    }),
                  )
                }
                pendingLabel="Resending…"
                successMessage={(r) => (r.status === 'delivered' ? 'Delivered.' : `Failed again: ${answer(r)}.`)}
                onSuccess={log.reload}
                aria-label={`Resend ${d.event} delivery ${d.id}`}
              >
                Resend
              </ActionButton>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={removing}
        title="Remove this endpoint?"
        confirmLabel="Remove"
        pendingLabel="Removing…"
        tone="danger"
        onConfirm={() => call(api.DELETE('/webhooks/{id}', { params: { path: { id } } }))}
        onDone={() => router.push('/developers/webhooks')}
        onCancel={() => setRemoving(false)}
      >
        <p>No more events are sent to {endpoint.url}, and its delivery log goes with it.</p>
      </ConfirmDialog>
    </>
  );
}

/** The count, and every attempt (when, the answer, how long) behind a disclosure. */
function Attempts({ delivery }: { delivery: Delivery }) {
  return (
    <details>
      <summary>{delivery.attempts}</summary>
      <ol className="attempts">
        {delivery.attempt_log.map((a) => (
          <li key={`${a.at}-${a.attempt}`}>
            {new Date(a.at).toLocaleTimeString()}: {a.status_code ?? a.error ?? 'no answer'} in {a.duration_ms} ms
            {a.manual ? ' (by hand)' : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}
