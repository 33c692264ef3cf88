import { expect } from 'vitest';
import type { apiClient } from './client';

type Api = ReturnType<typeof apiClient>;

/** Every item of a Data API list, page by page (per_page 100) while has_more says there is more. */
export async function everything<T = any>(
  data: Api,
  key: string,
  path: string,
  query: Record<string, string> = {},
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await data.get(path, { key, query: { ...query, page: String(page), per_page: '100' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ page, per_page: 100 });
    items.push(...res.body.data);
    if (!res.body.has_more) return items;
  }
  throw new Error(`${path} has more than 50 pages`);
}

/** A run's own mark, so a test finds its records among what the other files left on the shared servers. */
export function runTag(): string {
  return `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A booking's customer, marked with the run's tag in the name and the e-mail. */
export function contact(tag: string, first: string, phone = '+1 212 555 0142') {
  return { name: `${first} ${tag}`, email: `${first.toLowerCase()}.${tag}@example.com`, phone };
}

/** Newest first: each item created at or before the one above it. */
export function expectNewestFirst(items: { created_at: string }[]) {
  const times = items.map((i) => Date.parse(i.created_at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
}
