'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { Field } from './field';
import { useUrlParams } from './url-state';

export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers and money line up on the right. */
  align?: 'end';
  /** The row's action: kept in sight at the right edge when the table scrolls sideways (tablets). */
  action?: boolean;
  /** Left out between 768 and 1440 px, where the table would otherwise scroll sideways; shown on a phone's stack. */
  minor?: boolean;
};

/**
 * A filter kept in the address: a choice (`options`), a search box (`search: true`, sent after a pause) or a
 * day (`date: true`).
 */
export type Filter = {
  name: string;
  label: string;
  options?: { value: string; label: string }[];
  search?: boolean;
  date?: boolean;
  /** Under the control: what it takes ("a number, or 3 letters of a name…"). */
  hint?: string;
};

/** A cell's classes: its alignment and role, and `col-<key>` for a page's own styles (an address's width). */
const cellClass = (c: { key: string; align?: 'end'; action?: boolean; minor?: boolean }) =>
  [`col-${c.key}`, c.align, c.action ? 'action' : undefined, c.minor ? 'minor' : undefined].filter(Boolean).join(' ');

export type DataTableProps<Row> = {
  /** Names the table for screen readers (its <caption>); `hideCaption` keeps it out of sight. */
  caption: string;
  hideCaption?: boolean;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** What an empty list means and what to do about it ("No new leads. Leads from your booking page land here."). */
  empty: ReactNode;
  filters?: Filter[];
  /** From the API's list answer; with it the table shows Previous/Next (the page number is ?page=). */
  hasMore?: boolean;
  loading?: boolean;
  /** Under 768 px: 'stack' puts each row's cells one under the other, labelled; 'scroll' scrolls sideways. */
  narrow?: 'stack' | 'scroll';
};

/**
 * The console's list: filters and page in the URL (read them with useUrlParams to build the API query), one
 * row component, an empty state that says what to do, and a layout that works on a tablet.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { caption, columns, rows, rowKey, empty, filters, hasMore, loading, narrow = 'stack' } = props;
  const { page, set } = useUrlParams();
  return (
    <div className="data-table">
      {filters?.length ? <Filters filters={filters} /> : null}
      <div className="table-wrap" aria-busy={loading || undefined}>
        <table className={`data${narrow === 'stack' ? ' stacked' : ''}`}>
          <caption className={props.hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={cellClass(c)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((row) => (
              <DataRow key={rowKey(row)} row={row} columns={columns} />
            ))}
          </tbody>
        </table>
        {rows && rows.length === 0 ? <div className="table-empty">{empty}</div> : null}
        {!rows && loading ? <p className="table-empty muted">Loading…</p> : null}
      </div>
      {page > 1 || hasMore ? (
        <nav className="pagination" aria-label={`${caption}: pages`}>
          <button type="button" className="btn" disabled={page <= 1} onClick={() => set({ page: page - 1 })}>
            Previous
          </button>
          <span aria-live="polite">Page {page}</span>
          <button type="button" className="btn" disabled={!hasMore} onClick={() => set({ page: page + 1 })}>
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/** One row; each cell carries its column's name for the stacked layout. */
function DataRow<Row>({ row, columns }: { row: Row; columns: Column<Row>[] }) {
  return (
    <tr>
      {columns.map((c) => (
        <td key={c.key} data-label={c.header} className={cellClass(c)}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  );
}

function Filters({ filters }: { filters: Filter[] }) {
  const { params, set } = useUrlParams();
  return (
    <fieldset className="table-filters">
      <legend className="visually-hidden">Filters</legend>
      {filters.map((f) =>
        f.search ? (
          <SearchFilter
            key={f.name}
            filter={f}
            value={params.get(f.name) ?? ''}
            onChange={(v) => set({ [f.name]: v })}
          />
        ) : f.date ? (
          <Field
            key={f.name}
            label={f.label}
            name={f.name}
            type="date"
            value={params.get(f.name) ?? ''}
            onChange={(e) => set({ [f.name]: e.target.value })}
          />
        ) : (
          <Field key={f.name} label={f.label} name={f.name}>
            {(control) => (
              <select {...control} value={params.get(f.name) ?? ''} onChange={(e) => set({ [f.name]: e.target.value })}>
                {(f.options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ),
      )}
    </fieldset>
  );
}

/** Typing changes the address 400 ms after the last key, not on every key. */
function SearchFilter({ filter, value, onChange }: { filter: Filter; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text.trim()), 400);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <Field
      label={filter.label}
      name={filter.name}
      type="search"
      hint={filter.hint}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}
