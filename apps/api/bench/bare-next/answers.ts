import { readFileSync } from 'node:fs';

/** The bytes the API answered, captured by bench/run.mjs (BENCH_ANSWERS): this app only replays them. */
let answers: Record<string, string> | undefined;

export function replay(key: string): Response {
  answers ??= JSON.parse(readFileSync(process.env.BENCH_ANSWERS as string, 'utf8')) as Record<string, string>;
  const body = answers[key] as string;
  return new Response(body, {
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
}
