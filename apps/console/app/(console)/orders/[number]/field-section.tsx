'use client';

import { DataTable } from '../../../../components/data-table';
import { Notice } from '../../../../components/notice';
import { api } from '../../../../lib/api';
import { useApi } from '../../../../lib/use-api';
import { ChargesTable } from '../../_field/charges-table';
import { StopState } from '../../_field/stop-state';
import type { OrderField, WeighTicket } from '../../_field/types';
import { clock, stopKind, tons } from '../../_field/words';
import { money, day as plainDay, when } from '../../_office/format';

type FieldStop = OrderField['stops'][number];
const photoUrl = (id: string) => `/console/v1/field-photos/${encodeURIComponent(id)}`;
const THUMBS = { display: 'flex', flexWrap: 'wrap', gap: '0.75rem', listStyle: 'none', padding: 0 } as const;
const THUMB = { width: 160, height: 120, objectFit: 'cover', borderRadius: 'var(--radius)', display: 'block' } as const;

/**
 * What the field did for the order: its stops (driver, state, failure, overdue), the drivers' photos (each
 * opens the full image), the weigh tickets and the charges they made, with Hold, Adjust and Waive as on the
 * Field charges page.
 */
export function FieldSection({ number, onChanged }: { number: number; onChanged: () => void }) {
  const field = useApi(
    (signal) => api.GET('/orders/{order_number}/field', { params: { path: { order_number: number } }, signal }),
    [number],
  );
  const f = field.data;
  const tickets = (f?.tickets ?? []).filter((t): t is WeighTicket => t !== null);
  return (
    <section aria-labelledby="field" aria-busy={field.loading || undefined}>
      <h2 id="field">Field</h2>
      {field.error ? (
        <Notice tone="danger">{field.error.message}</Notice>
      ) : !f ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <h3>Stops</h3>
          <DataTable<FieldStop>
            caption="Stops"
            hideCaption
            rows={f.stops}
            rowKey={(s) => s.stop}
            empty="No stop of this order is on a route yet."
            columns={[
              { key: 'kind', header: 'Stop', cell: (s) => stopKind(s.stop) },
              { key: 'day', header: 'Day', cell: (s) => plainDay(s.day) },
              {
                key: 'driver',
                header: 'Driver',
                cell: (s) => (s.driver_name ? `${s.driver_name}, stop ${s.position}` : 'No driver'),
              },
              { key: 'state', header: 'State', cell: (s) => <StopState route={s} /> },
            ]}
          />
          <h3>Photos</h3>
          {f.photos.length ? (
            <ul style={THUMBS} aria-label="Photos from the field">
              {f.photos.map((p) => (
                <li key={p.id}>
                  <a href={photoUrl(p.id)}>
                    <img
                      src={photoUrl(p.id)}
                      alt={`${stopKind(p.stop)} photo, ${clock(p.created_at)}`}
                      width={160}
                      height={120}
                      loading="lazy"
                      style={THUMB}
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No photos yet.</p>
          )}
          <h3>Weigh tickets</h3>
          <DataTable<WeighTicket>
            caption="Weigh tickets"
            hideCaption
            rows={tickets}
            rowKey={(t) => t.id}
            empty="No weigh ticket yet."
            columns={[
              { key: 'tons', header: 'Net weight', align: 'end', cell: (t) => tons(t.net_tons) },
              { key: 'cost', header: 'Landfill cost', align: 'end', cell: (t) => money(t.landfill_cost) },
              {
                key: 'photo',
                header: 'Ticket',
                cell: (t) =>
                  t.photo_id ? (
                    <a href={photoUrl(t.photo_id)}>Ticket photo</a>
                  ) : (
                    <span className="muted">No photo</span>
                  ),
              },
              { key: 'at', header: 'Entered', cell: (t) => when(t.created_at) },
            ]}
          />
          <h3>Charges</h3>
          <ChargesTable
            caption="Field charges"
            hideCaption
            charges={f.charges}
            empty="The field has charged nothing for this order."
            onChanged={() => {
              field.reload();
              onChanged(); // a waived or charged overage can complete the order
            }}
          />
        </>
      )}
    </section>
  );
}
