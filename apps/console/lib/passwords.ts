import type { ApiResult } from './api';

/** Checked in the page before asking the API: the new password typed twice must be the same. */
export const mismatch: ApiResult<never> = {
  ok: false,
  status: 400,
  error: { code: 'invalid_request', field: 'confirm', message: 'The two passwords are not the same; type it again.' },
};
