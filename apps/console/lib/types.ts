import type { ConsoleMember, ConsolePaths, ConsoleSchemas } from '@svc/sdk/console';

/** The console API's shapes, from its generated types (@svc/sdk/console). */
export type Me = ConsoleMember;
export type Schemas = ConsoleSchemas;

export type NavCounts = ConsoleSchemas['ConsoleNavCounts'];

/** The query a console GET takes (its filters' values). */
export type QueryOf<P extends keyof ConsolePaths> = ConsolePaths[P] extends {
  get: { parameters: { query?: infer Q } };
}
  ? NonNullable<Q>
  : never;
