// `npm test`'s lanes, at once (concurrently): each line prefixed with its lane, the timings printed at the end,
// and the run failing when any lane fails. A failed lane's last lines are printed again after the timings, so
// the end of the output (all a CI summary may keep) says why, not only the lane that went on longest.
//   api   the API's tests, themselves two lanes (scripts/api-test-lanes.mjs);
//   e2e   the browser suite: the longest lane (its files share one platform and run one at a time);
//   rest  in CI (SVC_SOAK_IN_TESTS, set by .ci/run), the short soak, which mostly waits on fault windows and
//         retries, and the deploy check (docs/deploy.md followed: nginx -t, three instances, a rolling restart
//         under load); then every other package's tests (the SDK, the console's, booking-ui's, the widget's),
//         about two minutes that would otherwise come after the browser suite's.
import concurrently from 'concurrently';

const others = "pnpm -r --filter '!@svc/api' --filter '!@svc/e2e' --workspace-concurrency=1 --if-present run test";
const { result, commands } = concurrently(
  [
    { name: 'api', command: 'pnpm --filter @svc/api run test' },
    { name: 'e2e', command: 'pnpm --filter @svc/e2e run test' },
    {
      name: 'rest',
      command: process.env.SVC_SOAK_IN_TESTS
        ? `pnpm --filter @svc/api run soak --short && pnpm --filter @svc/api run deploy:check && ${others}`
        : `echo "the soak and the deploy check: npm run soak, npm run deploy:check (CI runs them here)" && ${others}`,
    },
  ],
  { timings: true, successCondition: 'all' },
);

/** The last lines of each lane's output, kept to be printed again if it fails. */
const TAIL = 120;
const tails = new Map(commands.map((c) => [c.name, []]));
for (const command of commands) {
  const tail = tails.get(command.name);
  for (const stream of [command.stdout, command.stderr]) {
    stream.subscribe((chunk) => {
      tail.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((l) => l.trim() !== ''),
      );
      tail.splice(0, Math.max(0, tail.length - TAIL));
    });
  }
}

result.then(
  () => process.exit(0),
  (events) => {
    for (const { command, exitCode } of events) {
      if (exitCode === 0) continue;
      console.log(`\n--> the ${command.name} lane failed (exit code ${exitCode}); its last ${TAIL} lines:`);
      for (const line of tails.get(command.name)) console.log(`[${command.name}] ${line}`);
    }
    process.exit(1);
  },
);
