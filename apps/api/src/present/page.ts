import type { Page } from '../domain/paging';

/** A page of rows as the API answers it: the same envelope, each row presented. */
export const presentPage = <T, U>(page: Page<T>, present: (row: T) => U): Page<U> => ({
  ...page,
  data: page.data.map(present),
});
