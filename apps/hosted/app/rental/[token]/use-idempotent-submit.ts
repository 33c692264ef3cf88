import { useCallback, useRef } from 'react';
import { type ApiResult, newIdempotencyKey } from '../../../lib/rental-api';

/**
 * One Idempotency-Key per confirmed change attempt: made on the first submit, kept for a second click or a
 * retry after a network error or the API's own failure (5xx), so a retry cannot make the change twice;
 * forgotten once the API has answered for good, or when what would be sent changes (`forget`).
 */
export function useIdempotentSubmit() {
  const key = useRef<string | null>(null);

  const submit = useCallback(async <T>(send: (key: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
    key.current ??= newIdempotencyKey();
    const res = await send(key.current);
    if (res.ok || (res.error.code !== 'network' && res.error.status < 500)) key.current = null;
    return res;
  }, []);

  const forget = useCallback(() => {
    key.current = null;
  }, []);

  return { submit, forget };
}
