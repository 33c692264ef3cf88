/**
 * The account shapes of the console API (contract/console/account.ts). Provisional until the typed client
 * (@svc/sdk/console) lands; then these come from its generated types.
 */
export type Role = 'owner' | 'staff';
export type Me = { name: string; email: string; role: Role; company: { slug: string; name: string } };
export type Invitation = { email: string; role: Role; company: { slug: string; name: string } };
export type NavCounts = { needs_action: number; new_leads: number };
