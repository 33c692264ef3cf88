import { createHash } from 'node:crypto';

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
export function namesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * `{ data }` written as JSON with an ETag of its bytes. A handler that keeps its answers hands the same object
 * again: it is written and hashed once.
 */
export function etaggedWriter() {
  const written = new WeakMap<object, { body: string; etag: string }>();
  return (data: object) => {
    let answer = written.get(data);
    if (!answer) {
      const body = JSON.stringify({ data });
      answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      written.set(data, answer);
    }
    return answer;
  };
}
