import type { ConsoleMember, ConsoleSchemas } from '@svc/sdk/console';

/** The console API's shapes, from its generated types (@svc/sdk/console). */
export type Me = ConsoleMember;
export type Role = Me['role'];
export type Schemas = ConsoleSchemas;

/** Not in the console document yet (invitations, the navigation's counts): said here until they are. */
export type Invitation = { email: string; role: Role; company: { slug: string; name: string } };
export type NavCounts = { needs_action: number; new_leads: number };
