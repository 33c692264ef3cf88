'use client';

import Link from 'next/link';
import { DataTable } from '../../../components/data-table';
import { Notice } from '../../../components/notice';
import { useUrlParams } from '../../../components/url-state';
import { api, queryValue } from '../../../lib/api';
import { usePage } from '../../../lib/use-api';
import { when } from '../_office/format';
import type { CustomerLine } from '../_office/types';

export default function CustomersPage() {
  const { params, page } = useUrlParams();
  const customers = usePage(
    (signal) =>
      api.GET('/customers', { params: { query: { q: queryValue(params.get('q')), page, per_page: 25 } }, signal }),
    [params.get('q'), page],
  );
  return (
    <>
      <h1>Customers</h1>
      {customers.error ? <Notice tone="danger">{customers.error.message}</Notice> : null}
      <DataTable<CustomerLine>
        caption="Customers, newest first"
        rows={customers.data?.data}
        hasMore={customers.data?.has_more}
        loading={customers.loading}
        rowKey={(c) => c.id}
        filters={[{ name: 'q', label: 'Search name, e-mail or phone', search: true }]}
        empty="No customers match. Everyone who books or a lead you convert becomes a customer."
        columns={[
          { key: 'name', header: 'Name', cell: (c) => <Link href={`/customers/${c.id}`}>{c.name}</Link> },
          { key: 'email', header: 'E-mail', cell: (c) => c.email },
          { key: 'phone', header: 'Phone', cell: (c) => c.phone },
          { key: 'orders', header: 'Orders', align: 'end', cell: (c) => c.orders },
          { key: 'jobs', header: 'Junk jobs', align: 'end', cell: (c) => c.jobs },
          { key: 'since', header: 'Customer since', cell: (c) => when(c.created_at) },
        ]}
      />
    </>
  );
}
