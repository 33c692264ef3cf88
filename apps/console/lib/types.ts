import type { ConsoleMember, ConsolePaths, ConsoleSchemas } from '@svc/sdk/console';

/** The console API's shapes, from its generated types (@svc/sdk/console). */
export type Me = ConsoleMember;
export type Role = Me['role'];
export type Schemas = ConsoleSchemas;

export type Invitation =
  ConsolePaths['/invitations/{token}']['get']['responses'][200]['content']['application/json']['data'];

export type NavCounts = ConsoleSchemas['ConsoleNavCounts'];

/** A console list's answer: its rows with their paging (lib/use-api.ts usePage). */
export type Page<T> = { data: T[]; page: number; per_page: number; has_more: boolean };
