import type { Catalog } from './catalog';
import { addDays, startOfDayIn } from './dates';
import { DomainError } from './errors';

/** A page asked for: the page number from 1 and its size. */
export type Paging = { page: number; per_page: number };

/** The Data API's list envelope (data spec section 4): a page was read with one row more than asked. */
export type Page<T> = { data: T[]; page: number; per_page: number; has_more: boolean };

export function pageOf<T>(rowsPlusOne: T[], query: { page: number; per_page: number }): Page<T> {
  return {
    data: rowsPlusOne.slice(0, query.per_page),
    page: query.page,
    per_page: query.per_page,
    has_more: rowsPlusOne.length > query.per_page,
  };
}

/** The offset and the one-more limit of a page. */
export function window(query: { page: number; per_page: number }) {
  return { offset: (query.page - 1) * query.per_page, limit: query.per_page + 1 };
}

/** from and to (company-local days, both included) as created_at bounds: from included, before excluded. */
export function createdRange(catalog: Catalog, query: { from?: string; to?: string }) {
  if (query.from && query.to && query.to < query.from) {
    throw new DomainError('invalid_parameter', '`to` is before `from`.', { field: 'to' });
  }
  const { timezone } = catalog.company;
  return {
    createdFrom: query.from ? startOfDayIn(timezone, query.from) : undefined,
    createdBefore: query.to ? startOfDayIn(timezone, addDays(query.to, 1)) : undefined,
  };
}

/** updated_since, checked by the contract as an instant. */
export const sinceOf = (updatedSince: string | undefined) => (updatedSince ? new Date(updatedSince) : undefined);
