import type { LeadRow } from '../db/repositories/leads';
import { leadMovesFrom } from '../domain/leads';
import { presentLead } from '../messages/data';

/** Leads as the console shows them; the Data API's lead is messages/data.ts `presentLead`, which webhooks carry too. */

/** A lead as the console shows it: the Data API's lead and the statuses the office may move it to. */
export function presentConsoleLead(lead: LeadRow) {
  return { ...presentLead(lead), moves: [...leadMovesFrom(lead.status)] };
}
