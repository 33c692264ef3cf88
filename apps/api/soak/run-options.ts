// The soak's options (`npm run soak -- --help`): how long the load runs, at what multiple of a small company's
// quiet morning, and what follows the checks (the saturation ramp).
import { parseArgs } from 'node:util';

export type SoakOptions = {
  short: boolean;
  loadMs: number;
  /** The multiple of DEFAULT_RATES the load runs at (`--rate 10x`): arrivals times it, the office's pace too. */
  factor: number;
  /** After the checks, the saturation ramp (load-ramp.ts): every run but the short one, unless skipped. */
  saturation: boolean;
  keepLogs: boolean;
  receiverDownMs: number;
  /** PostgreSQL's restart: stopped (fast), this long without a database, started (a failover takes as long). */
  pgDownMs: number;
  /** How long, after the load, the outbox and the recovery worker may take to settle. */
  settleMs: number;
};

const HELP = `npm run soak [-- --short | --duration 10m] [--rate 10x] [--skip-saturation] [--keep-logs]

  (default)          3 minutes of load at 1x (about 10 requests a second) with every fault, the checks, then
                     the saturation ramp (a minute or so)
  --short            75 s of load, the faults compressed, no ramp (CI: about 2 minutes in all)
  --duration <d>     the load's duration: 90s, 3m, 10m…
  --rate <n>x        every arrival rate (and the office's and the drivers' pace) times n: 10x is about 100
                     requests a second through nginx; the same faults and checks
  --skip-saturation  no saturation ramp after the checks
  --keep-logs        keep the logs folder (instances, nginx, Redis, receiver) and print where it is`;

export function parseDuration(text: string): number {
  const m = text.match(/^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?$/);
  if (!m) throw new Error(`--duration ${text}: say 90s, 3m or 10m`);
  const n = Number(m[1]);
  const unit = m[2] ?? 's';
  return Math.round(n * (unit === 'ms' ? 1 : unit === 'h' ? 3_600_000 : unit.startsWith('m') ? 60_000 : 1000));
}

/** `10x`, `10` or `2.5x` to the multiple; anything else refused. */
export function parseRate(text: string): number {
  const m = text.match(/^(\d+(?:\.\d+)?)\s*x?$/i);
  const factor = Number(m?.[1]);
  if (!m || !(factor > 0) || factor > 100)
    throw new Error(`--rate ${text}: say 10x (a multiple of the default rates, up to 100x)`);
  return factor;
}

export function soakOptions(argv = process.argv.slice(2)): SoakOptions {
  const { values: args } = parseArgs({
    args: argv,
    options: {
      short: { type: 'boolean', default: false },
      duration: { type: 'string' },
      rate: { type: 'string' },
      'skip-saturation': { type: 'boolean', default: false },
      'keep-logs': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (args.help) {
    console.log(HELP);
    process.exit(0);
  }
  const short = args.short;
  const loadMs = args.duration ? parseDuration(args.duration) : short ? 75_000 : 180_000;
  if (loadMs < 60_000) throw new Error('the load runs at least 60 s: the faults need the room');
  return {
    short,
    loadMs,
    factor: args.rate ? parseRate(args.rate) : 1,
    saturation: !short && !args['skip-saturation'],
    keepLogs: args['keep-logs'],
    receiverDownMs: short ? 12_000 : 20_000,
    pgDownMs: short ? 3_000 : 5_000,
    settleMs: short ? 60_000 : 120_000,
  };
}
