import type { ConsoleSchemas as S } from '@svc/sdk/console';
import type { StopRoute } from '../_field/types';

export type DispatchDay = S['ConsoleDispatchDay'];

/** A stop of the day as the Routes view shows it, whatever its kind. */
export type BoardStop = {
  key: string;
  /** "Delivery #1042", "Junk job #77": names the stop's controls for a screen reader. */
  label: string;
  href: string;
  what: string;
  window: string | null;
  where: string;
  who: string;
  route: StopRoute;
};

/** Member id → that member's stop keys in route order. */
export type Routes = Record<string, string[]>;
/** What POST /dispatch/route is sent for a change: the member's whole route (or the stops taken off). */
export type RouteSave = { driver_id: string | null; stops: string[] };

const KIND = { delivery: 'Delivery', pickup: 'Pickup', swap: 'Swap' } as const;

/** Every stop of the day: deliveries, pickups, swaps and junk jobs. */
export function boardStops(day: DispatchDay): BoardStop[] {
  const orders = [...day.deliveries, ...day.pickups, ...day.swaps].map((s) => ({
    key: s.route.stop,
    label: `${KIND[s.kind]} #${s.order_number}`,
    href: `/orders/${s.order_number}`,
    what: s.size,
    window: null,
    where: s.address,
    who: `${s.customer_name}, ${s.customer_phone}`,
    route: s.route,
  }));
  const jobs = day.jobs.map((j) => ({
    key: j.route.stop,
    label: `Junk job #${j.job_number}`,
    href: `/jobs/${j.job_number}`,
    what: j.load,
    window: `${j.window.start}–${j.window.end}`,
    where: j.address,
    who: `${j.customer_name}, ${j.customer_phone}`,
    route: j.route,
  }));
  return [...orders, ...jobs];
}

/** The routes as the API answered them: each member's stops by position. */
export function routesOf(stops: BoardStop[]): Routes {
  const routes: Routes = {};
  const placed = stops
    .filter((s) => s.route.driver_id !== null)
    .sort((a, b) => (a.route.position ?? 0) - (b.route.position ?? 0));
  for (const s of placed) {
    const id = s.route.driver_id as string;
    routes[id] = [...(routes[id] ?? []), s.key];
  }
  return routes;
}

const without = (routes: Routes, key: string): Routes =>
  Object.fromEntries(Object.entries(routes).map(([id, keys]) => [id, keys.filter((k) => k !== key)]));

/** A stop given to a member (at the end of their route) or taken off every route (null). */
export function assign(routes: Routes, key: string, driver: string | null): { routes: Routes; save: RouteSave } {
  const next = without(routes, key);
  if (driver === null) return { routes: next, save: { driver_id: null, stops: [key] } };
  next[driver] = [...(next[driver] ?? []), key];
  return { routes: next, save: { driver_id: driver, stops: next[driver] } };
}

/** A stop one place earlier (-1) or later (1) on its route; null at the route's end or off every route. */
export function move(routes: Routes, key: string, by: -1 | 1): { routes: Routes; save: RouteSave } | null {
  const driver = driverOf(routes, key);
  if (driver === null) return null;
  const keys = [...(routes[driver] as string[])];
  const at = keys.indexOf(key);
  const to = at + by;
  if (to < 0 || to >= keys.length) return null;
  [keys[at], keys[to]] = [keys[to] as string, key];
  return { routes: { ...routes, [driver]: keys }, save: { driver_id: driver, stops: keys } };
}

export function driverOf(routes: Routes, key: string): string | null {
  for (const [id, keys] of Object.entries(routes)) if (keys.includes(key)) return id;
  return null;
}

/** "1st", "2nd", "3rd", "11th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10];
  return `${n}${suffix ?? 'th'}`;
}

/** An id safe for the DOM from a stop key (`delivery:<uuid>`). */
export const domId = (prefix: string, key: string) => `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
