import type { ConsoleMember, ConsolePaths, ConsoleSchemas } from '@svc/sdk/console';

/** The console API's shapes, from its generated types (@svc/sdk/console). */
export type Me = ConsoleMember;
export type Role = Me['role'];
export type Schemas = ConsoleSchemas;

export type Invitation =
  ConsolePaths['/invitations/{token}']['get']['responses'][200]['content']['application/json']['data'];

/** Not in the console document on this branch (helper C's office area adds it): said here until it is. */
export type NavCounts = { needs_action: number; new_leads: number };
