import { addDays, todayIn } from '../../domain/dates';
import { FLEET_DAYS, type FleetDays, freeOn } from '../../domain/fleet';
import type { Scope } from '../../domain/scope';
import { catalogOf, type OfficeDeps } from '../shared/office-deps';
import { countFleets, isTracked } from './fleet';

/**
 * The Fleet page: for each size whose cans the company counts, cans out (rentals),
 * in repair and free on each of FLEET_DAYS days from `from` (default: the company's today).
 */
export async function fleetView(deps: OfficeDeps, scope: Scope, from?: string) {
  const catalog = await catalogOf(deps.database, scope);
  const now = deps.now();
  const start = from ?? todayIn(catalog.company.timezone, now);
  const end = addDays(start, FLEET_DAYS - 1);
  const tracked = catalog.sizes.filter(isTracked);
  const all = await countFleets(deps.database.db, catalog, tracked, { from: start, to: end }, 0);
  const sizes = tracked.map((size) => {
    const counted = all.get(size.id) as FleetDays;
    const days = counted.out.slice(0, FLEET_DAYS).map((out, i) => {
      const date = addDays(start, i);
      return { date, out, in_repair: counted.repair[i] ?? 0, free: freeOn(size.fleet, counted, date) };
    });
    return {
      size_id: size.id,
      key: size.key,
      label: size.label,
      cans: size.fleet.cans,
      turnaround_days: size.fleet.turnaroundDays,
      days,
      full_days: days.filter((d) => d.free === 0).map((d) => d.date),
      out_of_service: size.fleet.outOfService.filter((o) => o.to >= start),
    };
  });
  const untracked = catalog.sizes.filter((s) => !isTracked(s)).map((s) => ({ size_id: s.id, label: s.label }));
  return { from: start, to: end, sizes, untracked };
}

/** The sizes with no can free on a day: its deliveries of them took the last one (the dispatch board's mark). */
export async function fullSizesOn(deps: OfficeDeps, catalog: Awaited<ReturnType<typeof catalogOf>>, day: string) {
  const tracked = catalog.sizes.filter(isTracked);
  const counted = await countFleets(deps.database.db, catalog, tracked, { from: day, to: day }, 0);
  return new Set(tracked.filter((s) => freeOn(s.fleet, counted.get(s.id) as FleetDays, day) === 0).map((s) => s.id));
}
