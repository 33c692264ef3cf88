'use client';

import { useEffect, useState } from 'react';
import { Notice } from '../../../components/notice';
import { useUrlParams } from '../../../components/url-state';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/use-api';
import { ChargesTable } from '../_field/charges-table';

/**
 * What the field made customers owe: overage from a weigh ticket and wasted trips. Open ones by default
 * (waiting for their charge, held, owed after a decline), each with its ticket and when the saved card is
 * charged; the office holds, releases, adjusts or waives them before then. ?status=all shows the settled too.
 */
export default function FieldChargesPage() {
  const { params, set } = useUrlParams();
  const all = params.get('status') === 'all';
  const status = all ? 'all' : 'open';
  // The box follows the click at once; the address (and so the list) follows a moment later.
  const [checked, setChecked] = useState(all);
  useEffect(() => setChecked(all), [all]);
  const charges = useApi((signal) => api.GET('/field-charges', { params: { query: { status } }, signal }), [status]);
  return (
    <>
      <h1>Field charges</h1>
      <p className="muted">
        Overage from the scale and wasted trips. The customer is told first; the saved card is charged after the notice
        period unless you hold the charge.
      </p>
      <div className="table-filters">
        <label>
          <input
            type="checkbox"
            name="status"
            checked={checked}
            onChange={(e) => {
              setChecked(e.target.checked);
              set({ status: e.target.checked ? 'all' : undefined });
            }}
          />{' '}
          Show charged, paid and waived charges too
        </label>
      </div>
      {charges.error ? <Notice tone="danger">{charges.error.message}</Notice> : null}
      <ChargesTable
        caption={all ? 'All field charges' : 'Open field charges'}
        charges={charges.data}
        loading={charges.loading}
        empty={
          all
            ? 'No field charges yet. They appear when a driver enters a weigh ticket over the allowance or a wasted trip.'
            : 'Nothing is waiting: no charge is waiting for its time, held or owed.'
        }
        onChanged={charges.reload}
      />
    </>
  );
}
