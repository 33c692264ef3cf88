import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

// A server whose log reader went away (its supervisor died, a terminal closed) keeps serving and stops
// logging (runtime/log-pipes.ts). It used to log each failed write (EPIPE) as an uncaught error to the same
// closed pipe, forever: a leaked e2e platform held half a core for a whole CI run that way. Played with the
// console app's server logging "API unreachable" after its pipes were closed.
const consoleDir = path.resolve('../console');
let child: ChildProcess | undefined;
afterAll(() => child?.kill('SIGKILL'));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const cpuTicks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
};

it('a server whose log pipes closed stays idle after logging', async () => {
  expect(existsSync(path.join(consoleDir, '.next/BUILD_ID')), 'the console is built (npm test builds it)').toBe(true);
  const port = await freePort();
  child = spawn(process.execPath, ['dist/next-server.js', '--dir', consoleDir, '--port', String(port)], {
    env: { ...process.env, SVC_API_URL: `http://127.0.0.1:${await freePort()}`, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}/console/v1/me`;
  await expect
    .poll(
      () =>
        fetch(url).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000, interval: 250 },
    )
    .toBe(502);
  child.stdout?.destroy();
  child.stderr?.destroy();
  for (let i = 0; i < 3; i++) expect((await fetch(url)).status).toBe(502);
  await new Promise((r) => setTimeout(r, 500));
  const before = cpuTicks(child.pid as number);
  await new Promise((r) => setTimeout(r, 2000));
  // Clock ticks are hundredths of a second: a loop takes 50 or more in 2 s; idle, nearly none.
  expect(cpuTicks(child.pid as number) - before).toBeLessThan(20);
  expect((await fetch(url)).status).toBe(502);
}, 90_000);
