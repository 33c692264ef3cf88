// The saturation ramp (after the checks, in every run but the short one): the same mix of visits through nginx
// and the three instances, offered in steps of a higher multiple of the default rates, until a step does not
// hold: its arrivals skipped (the visits in flight at their cap), its answers failing, or its booking steps'
// p99 past the limit. The last step that held is the saturation point: requests and confirmed bookings a
// second on this machine. Bounded: 8 s a step and 6 steps at most (about a minute and a half at worst).
import { Load } from './load';
import { quantile, Recorder, type Sample } from './load-http';
import { DEFAULT_RATES, type LoadSetup, maxInFlightAt, scaledRates } from './load-world';

/** The multiples of DEFAULT_RATES offered, in order (1x is about 10 requests a second). */
export const RAMP_MULTIPLES = [5, 10, 15, 20, 30, 40];
const STEP_MS = 8_000;
/** How long a step's visits in flight may take to finish before the next step starts. */
const DRAIN_MS = 8_000;
/** A step holds while its booking steps answer within this at p99 (and nothing is skipped or fails). */
export const RAMP_P99_LIMIT_MS = 500;
/** A step holds while at most this share of its arrivals was skipped, and of its answers failed (5xx, none). */
const MAX_SHARE = 0.01;

/** The customer's booking steps: the price, the intent, the confirm, where the booking stands. */
export const isBookingStep = (op: string) =>
  /^(booking POST \/quote|junk POST \/junk\/quote|(dumpster|junk) POST (\/junk)?\/(intents|confirm)|booking GET \/sessions\/\{id\})$/.test(
    op,
  );

export type RampStep = {
  multiple: number;
  /** Visits a second offered (the sum of the arrival rates), and how many arrived and were skipped. */
  offered_visits_per_second: number;
  arrivals: number;
  skipped: number;
  requests_per_second: number;
  confirmed_bookings_per_second: number;
  failed_answers: number;
  booking_p50_ms: number;
  booking_p99_ms: number;
  held: boolean;
};

export type Saturation = {
  steps: RampStep[];
  /** The last step that held (null: not even the first). */
  point: RampStep | null;
  step_seconds: number;
  p99_limit_ms: number;
};

/** Runs the steps until one does not hold; `say` prints a line for each. */
export async function findSaturation(setup: LoadSetup, say: (line: string) => void): Promise<Saturation> {
  const steps: RampStep[] = [];
  for (const multiple of RAMP_MULTIPLES) {
    const recorder = new Recorder();
    const rates = scaledRates(DEFAULT_RATES, multiple);
    const load = new Load(setup, recorder, rates, maxInFlightAt(multiple));
    const started = Date.now();
    await load.run(STEP_MS, DRAIN_MS);
    const step = measure(multiple, rates, load, recorder.samples, started);
    steps.push(step);
    say(
      `saturation ramp ${multiple}x: ${step.requests_per_second} requests/s, ${step.confirmed_bookings_per_second} confirmed bookings/s, ` +
        `booking steps p50 ${step.booking_p50_ms} ms p99 ${step.booking_p99_ms} ms, ${step.skipped} of ${step.arrivals} arrivals skipped, ` +
        `${step.failed_answers} failed answers: ${step.held ? 'held' : 'did not hold'}`,
    );
    if (!step.held) break;
  }
  return {
    steps,
    point: steps.filter((s) => s.held).at(-1) ?? null,
    step_seconds: STEP_MS / 1000,
    p99_limit_ms: RAMP_P99_LIMIT_MS,
  };
}

function measure(
  multiple: number,
  rates: ReturnType<typeof scaledRates>,
  load: Load,
  samples: Sample[],
  started: number,
): RampStep {
  const seconds = STEP_MS / 1000;
  const inStep = samples.filter((s) => s.at <= started + STEP_MS);
  const booking = samples
    .filter((s) => isBookingStep(s.op))
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const counts = Object.values(load.arrivals);
  const arrivals = counts.reduce((n, c) => n + c.started + c.skipped, 0);
  const skipped = counts.reduce((n, c) => n + c.skipped, 0);
  const failed = samples.filter((s) => s.status === 0 || s.status >= 500).length;
  const p99 = quantile(booking, 0.99);
  return {
    multiple,
    offered_visits_per_second:
      Math.round((rates.dumpster + rates.junk + rates.browse + rates.dataRead + rates.lead) * 10) / 10,
    arrivals,
    skipped,
    requests_per_second: Math.round((inStep.length / seconds) * 10) / 10,
    confirmed_bookings_per_second:
      Math.round((load.bookings.filter((b) => b.outcome === 'confirmed').length / seconds) * 100) / 100,
    failed_answers: failed,
    booking_p50_ms: quantile(booking, 0.5),
    booking_p99_ms: p99,
    held: skipped <= arrivals * MAX_SHARE && failed <= samples.length * MAX_SHARE && p99 <= RAMP_P99_LIMIT_MS,
  };
}
