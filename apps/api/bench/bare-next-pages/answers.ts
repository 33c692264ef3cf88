import { readFileSync } from 'node:fs';

/** The bytes the API answered, captured by bench/run.mjs (BENCH_ANSWERS): this app only replays them. */
let answers: Record<string, string> | undefined;

export function replay(key: string): string {
  answers ??= JSON.parse(readFileSync(process.env.BENCH_ANSWERS as string, 'utf8')) as Record<string, string>;
  return answers[key] as string;
}
