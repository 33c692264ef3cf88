'use client';

import Link from 'next/link';
import { useState } from 'react';
import { ActionButton } from '../../../components/action-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Notice, useToast } from '../../../components/notice';
import { StatusBadge } from '../../../components/status-badge';
import { api, call } from '../../../lib/api';
import { countsChanged } from '../../../lib/counts';
import { useApi } from '../../../lib/use-api';
import { DecideButtons } from '../_office/decide';
import { money, when } from '../_office/format';
import type { Held, Lead, StuckSession, TroubledEndpoint } from '../_office/types';
import { PermitTasks } from './permits';

/**
 * What waits for a person: held bookings, street permits to apply for, stuck payments, new leads, webhook
 * endpoints in trouble.
 */
export default function NeedsActionPage() {
  const queue = useApi((signal) => api.GET('/needs-action', { signal }), []);
  const q = queue.data;
  return (
    <>
      <h1>Needs action</h1>
      {queue.error ? <Notice tone="danger">{queue.error.message}</Notice> : null}
      <section aria-labelledby="held">
        <h2 id="held">Held for fraud review</h2>
        <DataTable<Held>
          caption="Orders and jobs held for fraud review"
          hideCaption
          rows={q?.held}
          loading={queue.loading}
          rowKey={(h) => `${h.kind}-${h.number}`}
          empty="Nothing is held. Bookings the card processor rates risky wait here until you approve or reject them."
          columns={[
            {
              key: 'n',
              header: 'Booking',
              cell: (h) => (
                <Link href={`/${h.kind}s/${h.number}`}>{`${h.kind === 'order' ? 'Order' : 'Job'} #${h.number}`}</Link>
              ),
            },
            { key: 'who', header: 'Customer', cell: (h) => `${h.customer_name} (${h.customer_email})` },
            { key: 'what', header: 'What', cell: (h) => h.what },
            { key: 'amount', header: 'Amount', align: 'end', cell: (h) => money(h.amount, h.currency) },
            { key: 'at', header: 'Booked', cell: (h) => when(h.created_at) },
            {
              key: 'do',
              action: true,
              header: 'Decision',
              cell: (h) => <DecideButtons target={h} onDone={queue.reload} />,
            },
          ]}
        />
      </section>
      <PermitTasks rows={q?.permits} loading={queue.loading} />
      <section aria-labelledby="stuck">
        <h2 id="stuck">Paid but no order</h2>
        <DataTable<StuckSession>
          caption="Authorized cards without an order after 15 minutes"
          hideCaption
          rows={q?.unconfirmed_sessions}
          loading={queue.loading}
          rowKey={(s) => s.session_id}
          empty="None. A card authorized without its order after 15 minutes would show here."
          columns={[
            {
              key: 'who',
              header: 'Customer',
              cell: (s) => `${s.customer_name} (${s.customer_email}, ${s.customer_phone})`,
            },
            { key: 'kind', header: 'Kind', cell: (s) => (s.kind === 'junk' ? 'Junk removal' : 'Dumpster') },
            { key: 'amount', header: 'Authorized', align: 'end', cell: (s) => money(s.amount, s.currency) },
            { key: 'at', header: 'Started', cell: (s) => when(s.created_at) },
            { key: 'why', header: 'Last problem', cell: (s) => s.last_error ?? '—' },
            {
              key: 'do',
              action: true,
              header: 'Action',
              cell: (s) => <CreateOrder session={s} onDone={queue.reload} />,
            },
          ]}
        />
      </section>
      <section aria-labelledby="leads">
        <h2 id="leads">New leads</h2>
        <DataTable<Lead>
          caption="New leads"
          hideCaption
          rows={q?.new_leads}
          loading={queue.loading}
          rowKey={(l) => l.id}
          empty="No new leads. Leads from your website and the Data API land here."
          columns={[
            { key: 'name', header: 'Name', cell: (l) => l.name },
            { key: 'contact', header: 'Contact', cell: (l) => [l.phone, l.email].filter(Boolean).join(', ') || '—' },
            { key: 'note', header: 'Note', cell: (l) => l.note ?? l.size_label ?? '—' },
            { key: 'at', header: 'Received', cell: (l) => when(l.created_at) },
            {
              key: 'do',
              action: true,
              header: 'Action',
              cell: (l) => (
                <ActionButton
                  action={() =>
                    call(api.POST('/leads/{id}/move', { params: { path: { id: l.id } }, body: { to: 'contacted' } }))
                  }
                  pendingLabel="Saving…"
                  successMessage={`${l.name} marked contacted.`}
                  onSuccess={() => {
                    countsChanged();
                    queue.reload();
                  }}
                  aria-label={`Mark contacted: ${l.name}`}
                >
                  Mark contacted
                </ActionButton>
              ),
            },
          ]}
        />
        <p>
          <Link href="/leads">All leads</Link>
        </p>
      </section>
      <section aria-labelledby="hooks">
        <h2 id="hooks">Webhook endpoints in trouble</h2>
        <DataTable<TroubledEndpoint>
          caption="Webhook endpoints switched off or failing"
          hideCaption
          rows={q?.webhook_endpoints}
          loading={queue.loading}
          rowKey={(e) => e.id}
          empty="Every webhook endpoint is delivering."
          columns={[
            { key: 'url', header: 'Endpoint', cell: (e) => e.url },
            { key: 'api', header: 'API', cell: (e) => (e.api === 'data' ? 'Data API' : 'Booking API') },
            {
              key: 'state',
              header: 'State',
              cell: (e) =>
                e.enabled ? (
                  <StatusBadge status="failing" label={`Failing (${e.consecutive_failures} in a row)`} />
                ) : (
                  <StatusBadge status="disabled" label="Switched off" />
                ),
            },
            { key: 'go', action: true, header: 'Details', cell: () => <Link href="/developers">Delivery log</Link> },
          ]}
        />
      </section>
    </>
  );
}

function CreateOrder({ session, onDone }: { session: StuckSession; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Create the order now
      </button>
      <ConfirmDialog
        open={open}
        title={`Create the booking of ${session.customer_name}?`}
        confirmLabel="Create it"
        pendingLabel="Creating…"
        onConfirm={() =>
          call(
            api.POST('/sessions/{session_id}/create-order', { params: { path: { session_id: session.session_id } } }),
          )
        }
        onDone={(m) => {
          setOpen(false);
          toast.show(m.order_number ? `Order #${m.order_number} created.` : `Job #${m.job_number} created.`);
          countsChanged();
          onDone();
        }}
        onCancel={() => setOpen(false)}
      >
        <p>
          The card&apos;s authorization is checked with the processor and the booking is made exactly as if the
          customer&apos;s page had confirmed it.
        </p>
      </ConfirmDialog>
    </>
  );
}
