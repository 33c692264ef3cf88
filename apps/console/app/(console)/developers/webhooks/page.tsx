'use client';

import Link from 'next/link';
import { useState } from 'react';
import { DataTable } from '../../../../components/data-table';
import { Field } from '../../../../components/field';
import { FormMessage, SubmitButton, useApiForm } from '../../../../components/form';
import { SecretOnce } from '../../../../components/secret-once';
import { StatusBadge } from '../../../../components/status-badge';
import { api, call } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/types';
import { useApi } from '../../../../lib/use-api';
import { Backlog, SendAgain } from '../_parts/endpoint-backlog';
import { PageError } from '../_parts/key-table';

type Created = Schemas['CreatedWebhookEndpoint'];

/** Webhook endpoints: at most three per API, https, the events chosen; the signing secret shown once. */
export default function WebhooksPage() {
  const list = useApi((signal) => api.GET('/webhooks', { signal }), []);
  /** Whose events the new endpoint gets: the Booking API's or the Data API's. */
  const [forApi, setForApi] = useState<'booking' | 'data'>('booking');
  const [created, setCreated] = useState<Created>();
  const form = useApiForm(
    (values) =>
      call(
        api.POST('/webhooks', {
          body: { url: String(values.get('url') ?? ''), api: forApi, events: values.getAll('events').map(String) },
        }),
      ),
    (data) => {
      setCreated(data);
      list.reload();
    },
  );
  if (list.error) return <PageError message={list.error.message} />;
  const events = list.data?.events[forApi] ?? [];
  return (
    <>
      <h2>Webhooks</h2>
      {created ? (
        <SecretOnce
          label={`Signing secret of ${created.url}`}
          secret={created.secret}
          onDone={() => setCreated(undefined)}
        />
      ) : null}
      <DataTable
        caption="Webhook endpoints"
        rows={list.data?.endpoints}
        rowKey={(e) => e.id}
        loading={list.loading}
        empty="No endpoints yet. Add one below to receive your bookings as they happen."
        columns={[
          { key: 'url', header: 'Address', cell: (e) => <Link href={`/developers/webhooks/${e.id}`}>{e.url}</Link> },
          { key: 'api', header: 'API', cell: (e) => (e.api === 'booking' ? 'Booking API' : 'Data API') },
          { key: 'events', header: 'Events', cell: (e) => e.events.join(', ') },
          {
            key: 'state',
            header: 'State',
            cell: (e) =>
              e.enabled ? (
                e.consecutive_failures ? (
                  <StatusBadge status="failing" label={`Failing (${e.consecutive_failures} in a row)`} />
                ) : (
                  <StatusBadge status="enabled" />
                )
              ) : (
                <StatusBadge status="disabled" label="Switched off" />
              ),
          },
          { key: 'waiting', header: 'Waiting', cell: (e) => <Backlog endpoint={e} /> },
          {
            key: 'send',
            action: true,
            header: 'Actions',
            cell: (e) => <SendAgain endpoint={e} onDone={list.reload} />,
          },
        ]}
      />
      <h3>Add an endpoint</h3>
      <form {...form.formProps} aria-label="Add a webhook endpoint">
        <FormMessage message={form.formError} />
        <Field label="Address" name="url" type="url" hint="https://… on your server" error={form.errors.url} />
        <fieldset>
          <legend>Which API&apos;s events</legend>
          {(['booking', 'data'] as const).map((a) => (
            <label key={a} className="inline-check">
              <input type="radio" name="api" checked={forApi === a} onChange={() => setForApi(a)} />{' '}
              {a === 'booking' ? 'Booking API' : 'Data API'}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Events (none chosen: all of them)</legend>
          {events.map((e) => (
            <label key={e} className="inline-check">
              <input type="checkbox" name="events" value={e} /> {e}
            </label>
          ))}
          {form.errors.events ? <span className="error">{form.errors.events}</span> : null}
        </fieldset>
        <div className="form-actions">
          <SubmitButton pending={form.pending} pendingLabel="Adding…">
            Add endpoint
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
