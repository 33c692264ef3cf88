// `npm test`'s lanes, at once (concurrently): each line prefixed with its lane, the timings printed at the end,
// and the run failing when any lane fails.
//   api   the API's tests, themselves two lanes (scripts/api-test-lanes.mjs);
//   rest  the browser suite, then every other package's tests (the SDK, the console's, booking-ui's, the widget's);
//   soak  the short soak in CI (SVC_SOAK_IN_TESTS, set by .ci/run): it mostly waits on fault windows and retries;
//         then the deploy check (docs/deploy.md followed: nginx -t, three instances, a rolling restart under load).
import concurrently from 'concurrently';

const others = "pnpm -r --filter '!@svc/api' --filter '!@svc/e2e' --workspace-concurrency=1 --if-present run test";
const { result } = concurrently(
  [
    { name: 'api', command: 'pnpm --filter @svc/api run test' },
    { name: 'rest', command: `pnpm --filter @svc/e2e run test && ${others}` },
    {
      name: 'soak',
      command: process.env.SVC_SOAK_IN_TESTS
        ? 'pnpm --filter @svc/api run soak --short && pnpm --filter @svc/api run deploy:check'
        : 'echo "the soak and the deploy check: npm run soak, npm run deploy:check (CI runs them here)"',
    },
  ],
  { timings: true, successCondition: 'all' },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
