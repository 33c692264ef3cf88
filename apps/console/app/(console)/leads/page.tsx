'use client';

import { ActionButton } from '../../../components/action-button';
import { DataTable } from '../../../components/data-table';
import { Notice } from '../../../components/notice';
import { StatusBadge } from '../../../components/status-badge';
import { useUrlParams } from '../../../components/url-state';
import { api, call, queryValue } from '../../../lib/api';
import { countsChanged } from '../../../lib/counts';
import type { QueryOf } from '../../../lib/types';
import { usePage } from '../../../lib/use-api';
import { when } from '../_office/format';
import type { Lead } from '../_office/types';

type Status = NonNullable<QueryOf<'/leads'>['status']>;

/** Each move's button, by the status it moves to; which moves a lead allows is the API's (`lead.moves`). */
const VERB: Record<Lead['status'], string> = {
  new: 'Back to new',
  contacted: 'Contacted',
  converted: 'Converted',
  discarded: 'Discard',
};

export default function LeadsPage() {
  const { params, page } = useUrlParams();
  const leads = usePage(
    (signal) =>
      api.GET('/leads', {
        params: {
          query: {
            status: queryValue<Status>(params.get('status')),
            q: queryValue(params.get('q')),
            page,
            per_page: 25,
          },
        },
        signal,
      }),
    [params.get('status'), params.get('q'), page],
  );
  return (
    <>
      <h1>Leads</h1>
      {leads.error ? <Notice tone="danger">{leads.error.message}</Notice> : null}
      <DataTable<Lead>
        caption="Leads, newest first"
        rows={leads.data?.data}
        hasMore={leads.data?.has_more}
        loading={leads.loading}
        rowKey={(l) => l.id}
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: [
              { value: '', label: 'All' },
              { value: 'new', label: 'New' },
              { value: 'contacted', label: 'Contacted' },
              { value: 'converted', label: 'Converted' },
              { value: 'discarded', label: 'Discarded' },
            ],
          },
          { name: 'q', label: 'Search name, e-mail or phone', search: true },
        ]}
        empty="No leads here. Leads from your website form and the Data API land here."
        columns={[
          { key: 'name', header: 'Name', cell: (l) => l.name },
          { key: 'status', header: 'Status', cell: (l) => <StatusBadge status={l.status} /> },
          { key: 'contact', header: 'Contact', cell: (l) => [l.phone, l.email].filter(Boolean).join(', ') || '—' },
          {
            key: 'asked',
            header: 'Asked about',
            cell: (l) => [l.size_label, l.note].filter(Boolean).join(': ') || '—',
          },
          { key: 'at', header: 'Received', cell: (l) => when(l.created_at) },
          {
            key: 'do',
            action: true,
            header: 'Move',
            cell: (l) =>
              l.moves.length ? (
                l.moves.map((to) => (
                  <ActionButton
                    key={to}
                    action={() => call(api.POST('/leads/{id}/move', { params: { path: { id: l.id } }, body: { to } }))}
                    pendingLabel="Saving…"
                    successMessage={`${l.name}: ${to}.`}
                    onSuccess={() => {
                      countsChanged();
                      leads.reload();
                    }}
                    tone={to === 'converted' ? 'primary' : 'default'}
                    aria-label={`${VERB[to]}: ${l.name}`}
                  >
                    {VERB[to]}
                  </ActionButton>
                ))
              ) : l.customer_ref ? (
                <a href={`/customers/${l.customer_ref}`}>Customer</a>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </>
  );
}
