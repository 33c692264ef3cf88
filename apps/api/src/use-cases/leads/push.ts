import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  countApiLeadsBetween,
  findLeadByIdempotencyKey,
  findRecentLead,
  insertLead,
  type LeadRow,
  lockNames,
} from '../../db/repositories/leads';
import { enqueueWebhooks } from '../../db/repositories/outbox';
import { checkLeadQuota } from '../../domain/data-plan';
import { DomainError } from '../../domain/errors';
import { dedupeSince, normalizeEmail, normalizePhone } from '../../domain/leads';
import type { CatalogScope } from '../../domain/scope';
import { presentLead } from '../../messages/data';
import { currentPlanDay } from '../data/plan-days';

export type LeadRequest = {
  name: string;
  phone?: string;
  email?: string;
  address?: string;
  size_label?: string;
  note?: string;
};

export type PushedLead = { lead: LeadRow; existing: boolean };

/**
 * POST /v1/leads (data spec sections 2, 3 and 8). In one transaction: a retry with the same
 * Idempotency-Key answers the lead it made; the same phone or e-mail within 10 minutes answers that lead
 * (existing); otherwise, within the free plan's daily quota, a new lead and its lead.created webhook.
 * Concurrent pushes of the same person line up on advisory locks, so they make one lead.
 */
export async function pushLead(
  db: Db,
  scope: CatalogScope,
  body: LeadRequest,
  options: { now: Date; idempotencyKey?: string; upgradeUrl: string },
): Promise<PushedLead> {
  const { companyId, catalog } = scope;
  const { plan } = catalog.company.dataApi;
  const phone = normalizePhone(body.phone);
  const email = normalizeEmail(body.email);
  const requestHash = hashBody(body);
  const key = options.idempotencyKey;
  return db.transaction(async (tx) => {
    await lockNames(tx, [
      ...(key ? [`lead-key:${companyId}:${key}`] : []),
      ...(phone ? [`lead-phone:${companyId}:${phone}`] : []),
      ...(email ? [`lead-email:${companyId}:${email}`] : []),
      // The free plan's quota is counted exactly: its pushes take turns.
      ...(plan === 'free' ? [`lead-quota:${companyId}`] : []),
    ]);
    if (key) {
      const prior = await findLeadByIdempotencyKey(tx, companyId, key);
      if (prior) {
        if (prior.requestHash !== requestHash) {
          throw new DomainError(
            'idempotency_conflict',
            'This Idempotency-Key was used with a different lead: use a new key for a new lead.',
            { field: 'idempotency-key' },
          );
        }
        return { lead: prior, existing: false };
      }
    }
    const recent = await findRecentLead(tx, companyId, { phone, email }, dedupeSince(options.now));
    if (recent) return { lead: recent, existing: true };
    if (plan === 'free') {
      // The quota's day is fixed when it opens: a timezone changed at 200 leads gives no second 200.
      const day = await currentPlanDay(tx, catalog.company, options.now);
      checkLeadQuota(plan, await countApiLeadsBetween(tx, companyId, day.startsAt, day.endsAt), options.upgradeUrl);
    }
    const lead = await insertLead(tx, {
      companyId,
      name: body.name,
      phone: body.phone || null,
      phoneNormalized: phone,
      email: body.email || null,
      emailNormalized: email,
      address: body.address || null,
      sizeLabel: body.size_label || null,
      note: body.note || null,
      source: 'api',
      idempotencyKey: key ?? null,
      requestHash: key ? requestHash : null,
      createdAt: options.now,
      updatedAt: options.now,
    });
    await enqueueWebhooks(tx, companyId, 'data', 'lead.created', presentLead(lead));
    return { lead, existing: false };
  });
}

function hashBody(body: LeadRequest): string {
  const fields = ['name', 'phone', 'email', 'address', 'size_label', 'note'] as const;
  return createHash('sha256')
    .update(JSON.stringify(fields.map((f) => body[f] ?? null)))
    .digest('hex');
}
