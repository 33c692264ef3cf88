// autocannon ships no types; the benchmarks use its programmatic API (bench/*.mjs, bench/fleet.ts).
declare module 'autocannon';
