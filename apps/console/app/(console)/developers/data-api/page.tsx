'use client';

import { useState } from 'react';
import { ActionButton } from '../../../../components/action-button';
import { Field } from '../../../../components/field';
import { FormMessage, SubmitButton, useApiForm } from '../../../../components/form';
import { SecretOnce } from '../../../../components/secret-once';
import { StatusBadge } from '../../../../components/status-badge';
import { api, call } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/types';
import { useApi } from '../../../../lib/use-api';
import { KeyTable, PageError } from '../_parts/key-table';

type State = Schemas['DataApiState'];
type Created = Schemas['CreatedKey'];

const SAID: Record<State['access'], string> = {
  none: 'Your company has not asked for the Data API yet.',
  requested: 'Your request is with us: we answer by e-mail.',
  approved: 'Your company can use the Data API.',
  revoked: 'Your Data API access was withdrawn; ask again to reopen it.',
};

/** Data API access: ask for it with what it is for, see where it stands, make and revoke its keys. */
export default function DataApiPage() {
  const state = useApi((signal) => api.GET('/data-api', { signal }), []);
  const [created, setCreated] = useState<Created>();
  const ask = useApiForm(
    (values) => call(api.POST('/data-api/request', { body: { use: String(values.get('use') ?? '') } })),
    () => state.reload(),
  );
  if (state.error) return <PageError message={state.error.message} />;
  const data = state.data;
  if (!data) return <p className="muted">Loading…</p>;
  return (
    <>
      <h2>Data API</h2>
      <p>
        Access: <StatusBadge status={data.access} /> <span data-testid="data-api-state">{SAID[data.access]}</span>
      </p>
      {data.access !== 'approved' ? (
        <form {...ask.formProps} aria-label="Ask for Data API access">
          <FormMessage message={ask.formError} />
          <Field label="What will you use it for?" name="use" error={ask.errors.use} hint="A sentence or two">
            {(control) => <textarea {...control} rows={3} defaultValue={data.use ?? ''} />}
          </Field>
          <div className="form-actions">
            <SubmitButton pending={ask.pending} pendingLabel="Sending…">
              {data.access === 'requested' ? 'Update the request' : 'Ask for access'}
            </SubmitButton>
          </div>
        </form>
      ) : (
        <>
          {created ? (
            <SecretOnce label="Your new Data API key" secret={created.key} onDone={() => setCreated(undefined)} />
          ) : null}
          <KeyTable
            caption="Data API keys"
            keys={data.keys}
            revoke={(id) => call(api.POST('/data-api/keys/{id}/revoke', { params: { path: { id } }, body: {} }))}
            onChanged={state.reload}
          />
          <ActionButton
            tone="primary"
            pendingLabel="Creating…"
            action={() => call(api.POST('/data-api/keys', { body: {} }))}
            onSuccess={(key) => {
              setCreated(key);
              state.reload();
            }}
          >
            Create a Data API key
          </ActionButton>
        </>
      )}
    </>
  );
}
