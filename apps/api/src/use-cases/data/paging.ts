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
