'use client';

import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { DataTable } from '../../../../components/data-table';
import { StatusBadge } from '../../../../components/status-badge';
import type { ApiResult } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/types';

/** A key as listed; publishable keys on the Keys page also say which sites they serve. */
type Key = Schemas['ApiKey'] & Partial<Pick<Schemas['ListedKey'], 'serves' | 'only_key_for'>>;

/** The allowed domains, and for an active publishable key the sites whose pages get it from the lookup. */
function Domains({ k }: { k: Key }) {
  if (!k.allowed_domains.length) return <>—</>;
  const listed = k.allowed_domains.join(', ');
  if (k.serves === undefined || k.kind !== 'publishable' || k.status !== 'active') return <>{listed}</>;
  return (
    <>
      {listed}
      <br />
      <small className="hint">
        {k.serves.length ? `Serves: ${k.serves.join(', ')}` : 'Serves no site: newer keys allow all its domains'}
      </small>
    </>
  );
}

/** A list of keys with a Revoke button each (asked first: a revoked key stops working everywhere at once). */
export function KeyTable({
  keys,
  revoke,
  onChanged,
  caption,
}: {
  keys: Key[] | undefined;
  /** The API's revoke of one key (the Keys page's or the Data API's). */
  revoke: (id: string) => Promise<ApiResult<unknown>>;
  onChanged: () => void;
  caption: string;
}) {
  const [revoking, setRevoking] = useState<Key>();
  return (
    <>
      <DataTable
        caption={caption}
        rows={keys}
        rowKey={(k) => k.id}
        empty="No keys yet."
        columns={[
          { key: 'key', header: 'Key', cell: (k) => <code>{k.key}</code> },
          {
            key: 'kind',
            header: 'Kind',
            cell: (k) => (k.kind === 'publishable' ? 'Publishable' : k.kind === 'server' ? 'Server' : 'Data API'),
          },
          { key: 'label', header: 'Label', cell: (k) => k.label || '—' },
          {
            key: 'domains',
            header: 'Allowed domains',
            cell: (k) => <Domains k={k} />,
          },
          { key: 'status', header: 'Status', cell: (k) => <StatusBadge status={k.status} /> },
          { key: 'created', header: 'Created', cell: (k) => new Date(k.created_at).toLocaleDateString() },
          {
            key: 'actions',
            action: true,
            header: 'Actions',
            cell: (k) =>
              k.status === 'active' ? (
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => setRevoking(k)}
                  aria-label={`Revoke key ${k.key}`}
                >
                  Revoke
                </button>
              ) : null,
          },
        ]}
      />
      <ConfirmDialog
        open={revoking !== undefined}
        title="Revoke this key?"
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        tone="danger"
        onConfirm={() => revoke(revoking?.id ?? '')}
        onDone={() => {
          setRevoking(undefined);
          onChanged();
        }}
        onCancel={() => setRevoking(undefined)}
      >
        <p>
          Every request with <code>{revoking?.key}</code> is refused from now on, on your site and your servers.
        </p>
        {revoking?.only_key_for?.length ? (
          <p className="notice tone-warning">
            This is the only key that allows {revoking.only_key_for.join(', ')}: the booking widget on{' '}
            {revoking.only_key_for.length === 1 ? 'that site' : 'those sites'} stops working until you create a key for{' '}
            {revoking.only_key_for.length === 1 ? 'it' : 'them'}.
          </p>
        ) : revoking?.serves?.length ? (
          <p>Its sites ({revoking.serves.join(', ')}) move to another key that allows them, at once.</p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** The API's refusal of the whole page (staff: 403) as the sentence it is. */
export function PageError({ message }: { message: string }) {
  return (
    <div className="notice tone-danger" role="alert" data-testid="page-error">
      <p>{message}</p>
    </div>
  );
}
