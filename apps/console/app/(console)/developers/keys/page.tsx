'use client';

import { useState } from 'react';
import { Field } from '../../../../components/field';
import { FormMessage, SubmitButton, useApiForm } from '../../../../components/form';
import { SecretOnce } from '../../../../components/secret-once';
import { api, call } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/types';
import { useApi } from '../../../../lib/use-api';
import { KeyTable, PageError } from '../_parts/key-table';

type Created = Schemas['CreatedKey'];

/** Publishable keys (with the domains whose pages may use them) and server keys (at most two, shown once). */
export default function KeysPage() {
  const keys = useApi((signal) => api.GET('/keys', { signal }), []);
  const [created, setCreated] = useState<Created>();
  const [kind, setKind] = useState<'publishable' | 'server'>('publishable');
  const form = useApiForm(
    (values) =>
      call(
        api.POST('/keys', {
          body: {
            kind,
            label: String(values.get('label') ?? '') || undefined,
            domains:
              kind === 'publishable'
                ? String(values.get('domains') ?? '')
                    .split(/[\s,]+/)
                    .filter(Boolean)
                : undefined,
          },
        }),
      ),
    (data) => {
      setCreated(data);
      keys.reload();
    },
  );
  if (keys.error) return <PageError message={keys.error.message} />;
  return (
    <>
      <h2>Keys</h2>
      {created ? (
        created.kind === 'server' ? (
          <SecretOnce label="Your new server key" secret={created.key} onDone={() => setCreated(undefined)} />
        ) : (
          <p className="notice tone-success" role="status">
            Publishable key created: <code>{created.key}</code>
          </p>
        )
      ) : null}
      <KeyTable
        caption="Publishable and server keys"
        keys={keys.data?.keys}
        revoke={(id) => call(api.POST('/keys/{id}/revoke', { params: { path: { id } }, body: {} }))}
        onChanged={keys.reload}
      />
      <h3>Create a key</h3>
      <form {...form.formProps} aria-label="Create a key">
        <FormMessage message={form.formError} />
        <fieldset>
          <legend>Kind</legend>
          <label className="inline-check">
            <input type="radio" name="kind" checked={kind === 'publishable'} onChange={() => setKind('publishable')} />{' '}
            Publishable: for your website&apos;s pages, limited to its domains
          </label>
          <label className="inline-check">
            <input type="radio" name="kind" checked={kind === 'server'} onChange={() => setKind('server')} /> Server:
            secret, for your own servers (at most {keys.data?.max_server_keys ?? 2} active)
          </label>
          {form.errors.kind ? (
            <span className="error" role="alert">
              {form.errors.kind}
            </span>
          ) : null}
        </fieldset>
        {kind === 'publishable' ? (
          <Field
            label="Allowed domains"
            name="domains"
            hint="Separated by spaces or commas: example.com, *.example.com"
            error={form.errors.domains}
          />
        ) : null}
        <Field label="Label" name="label" hint="To tell your keys apart" error={form.errors.label} />
        <div className="form-actions">
          <SubmitButton pending={form.pending} pendingLabel="Creating…">
            Create key
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
