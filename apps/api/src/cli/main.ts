import { DomainError } from '../domain/errors';
import { runSvc } from './commands';
import { UsageError } from './common';

/** svc, the operator's command line (cli/commands.ts): prints its answer, as text or with --json. */
const argv = process.argv.slice(2);
const asJson = argv.includes('--json');
runSvc(argv).then(
  (out) => {
    console.log(asJson ? JSON.stringify(out.json, null, 2) : out.text);
  },
  (err: unknown) => {
    const code = String((err as NodeJS.ErrnoException).code ?? '');
    const known =
      err instanceof UsageError ||
      err instanceof DomainError ||
      err instanceof SyntaxError ||
      code === 'ENOENT' ||
      code.startsWith('ERR_PARSE_ARGS');
    const message = err instanceof Error ? err.message : String(err);
    if (asJson) console.log(JSON.stringify({ error: { message } }));
    console.error(known ? `svc: ${message}` : err);
    process.exit(known ? 1 : 2);
  },
);
