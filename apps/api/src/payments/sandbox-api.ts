import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../db/client';
import {
  findSandboxIntent,
  insertSandboxPaymentMethod,
  recordSandboxDecline,
  type SandboxIntentRow,
  transitionSandboxIntent,
} from '../db/repositories/sandbox-intents';
import { cardOutcome, type Later } from './sandbox-cards';
import { sandboxScript } from './sandbox-client';

/**
 * The sandbox processor's own API, standing where Stripe's servers stand: the customer's browser sends
 * the card here (never to the Booking API) with the intent's client secret, and completes a 3-D Secure
 * step here when the card asks for one. Answers in Stripe's shapes so pages can switch processors.
 */
export const SANDBOX_BASE = '/sandbox/v1';

const ConfirmBody = z.object({
  client_secret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().min(1).max(30),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/),
  }),
  return_url: z.url({ protocol: /^https?$/ }).optional(),
});

const INTENT_ID = /^pi_sbx_[a-f0-9]{24}$/;

type Row = NonNullable<Awaited<ReturnType<typeof findSandboxIntent>>>;

function secretMatches(row: Row, secret: string): boolean {
  const given = Buffer.from(secret);
  const expected = Buffer.from(row.clientSecret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function stripeError(code: string, message: string, extra: Record<string, unknown> = {}) {
  return {
    error: { type: code === 'card_declined' ? 'card_error' : 'invalid_request_error', code, message, ...extra },
  };
}

function view(row: Row, base: string, returnUrl?: string) {
  const out: Record<string, unknown> = {
    id: row.id,
    object: 'payment_intent',
    status: row.status,
    amount: row.amountCents,
    currency: row.currency,
  };
  if (row.status === 'requires_action') {
    const url = new URL(`${base}${SANDBOX_BASE}/payment_intents/${row.id}/authenticate`);
    url.searchParams.set('client_secret', row.clientSecret);
    if (returnUrl) url.searchParams.set('return_url', returnUrl);
    out.next_action = {
      type: 'redirect_to_url',
      redirect_to_url: { url: url.toString(), return_url: returnUrl ?? null },
    };
  }
  return out;
}

/**
 * Registers the sandbox's endpoints on the surface's app (http/surfaces/sandbox.ts declares its gate:
 * any origin, 16 KB bodies, Stripe's error shapes). Intent ids are checked before any query.
 */
export function sandboxRoutes(
  app: Hono,
  db: Queryable,
  now: () => Date,
  /** Told of each declined card, with the payment's company and the request (the visitor's address). */
  onDecline?: (companyId: string, c: Context) => Promise<void>,
) {
  app.use('/payment_intents/:id/*', async (c, next) => {
    if (!INTENT_ID.test(c.req.param('id') ?? '')) {
      return c.json(stripeError('resource_missing', 'No such payment intent.'), 404);
    }
    await next();
  });

  // The browser component (payments/sandbox-client.ts), talking back to wherever it was loaded from.
  app.get('/js', (c) => {
    return c.body(sandboxScript(new URL(c.req.url).origin), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
    });
  });

  app.post('/payment_intents/:id/confirm', async (c) => {
    const parsed = ConfirmBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json(
        stripeError('parameter_invalid', `${issue?.path.join('.') || 'body'}: ${issue?.message}`, {
          param: issue?.path.join('.'),
        }),
        400,
      );
    }
    const body = parsed.data;
    const row = await findSandboxIntent(db, c.req.param('id'));
    if (!row || !secretMatches(row, body.client_secret))
      return c.json(stripeError('resource_missing', 'No such payment intent.'), 404);
    if (row.status !== 'requires_payment_method') {
      return c.json(
        stripeError('payment_intent_unexpected_state', `This payment is ${row.status}; it cannot be confirmed again.`),
        400,
      );
    }
    const today = now();
    if (
      body.card.exp_year < today.getUTCFullYear() ||
      (body.card.exp_year === today.getUTCFullYear() && body.card.exp_month < today.getUTCMonth() + 1)
    ) {
      return c.json(stripeError('expired_card', 'Your card has expired.', { param: 'card.exp_month' }), 402);
    }
    const outcome = cardOutcome(body.card.number);
    if (outcome.kind === 'invalid')
      return c.json(stripeError(outcome.code, outcome.message, { param: 'card.number' }), 402);
    const last4 = body.card.number.replace(/\D/g, '').slice(-4);
    if (outcome.kind === 'declined') {
      await recordSandboxDecline(db, row.id, { declineCode: outcome.declineCode, cardLast4: last4 });
      const companyId = (row.metadata as { company_id?: unknown }).company_id;
      if (typeof companyId === 'string') await onDecline?.(companyId, c);
      return c.json(
        stripeError('card_declined', outcome.message, {
          decline_code: outcome.declineCode,
          payment_intent: { id: row.id, status: row.status },
        }),
        402,
      );
    }
    const next =
      outcome.kind === 'requires_action'
        ? { status: 'requires_action' as const, riskLevel: 'normal' as const }
        : { status: 'requires_capture' as const, riskLevel: outcome.riskLevel };
    // As Stripe with setup_future_usage: the card is saved to the intent's customer for later charges.
    const paymentMethod = await saveCard(db, row, last4, outcome.later);
    const updated = await transitionSandboxIntent(db, row.id, ['requires_payment_method'], {
      ...next,
      declineCode: null,
      cardLast4: last4,
      ...(paymentMethod ? { paymentMethod } : {}),
    });
    if (!updated)
      return c.json(
        stripeError('payment_intent_unexpected_state', 'This payment was confirmed by another request.'),
        400,
      );
    return c.json(view(updated, new URL(c.req.url).origin, body.return_url));
  });

  // The 3-D Secure step: the bank's page, reduced to one button.
  app.get('/payment_intents/:id/authenticate', async (c) => {
    const row = await findSandboxIntent(db, c.req.param('id'));
    const secret = c.req.query('client_secret') ?? '';
    if (!row || !secretMatches(row, secret))
      return c.html(page('Payment not found', '<p>This authentication link is not valid.</p>'), 404);
    const returnUrl = c.req.query('return_url') ?? '';
    const amount = (row.amountCents / 100).toFixed(2);
    return c.html(
      page(
        'Confirm your payment',
        `<p>Your bank asks you to confirm a payment of <strong>${amount} ${row.currency.toUpperCase()}</strong> (sandbox).</p>
<form method="post">
  <input type="hidden" name="client_secret" value="${escapeHtml(secret)}">
  <input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">
  <button type="submit" name="decision" value="approve">Complete authentication</button>
  <button type="submit" name="decision" value="fail">Fail authentication</button>
</form>`,
      ),
    );
  });

  app.post('/payment_intents/:id/authenticate', async (c) => {
    const form = await c.req.parseBody();
    const row = await findSandboxIntent(db, c.req.param('id'));
    if (!row || !secretMatches(row, String(form.client_secret ?? '')))
      return c.html(page('Payment not found', '<p>This link is not valid.</p>'), 404);
    const approved = form.decision !== 'fail';
    const updated = await transitionSandboxIntent(
      db,
      row.id,
      ['requires_action'],
      approved
        ? { status: 'requires_capture' }
        : { status: 'requires_payment_method', declineCode: 'authentication_failed' },
    );
    const status = (updated ?? row).status;
    const returnUrl = String(form.return_url ?? '');
    if (/^https?:\/\//.test(returnUrl)) {
      const target = new URL(returnUrl);
      target.searchParams.set('payment_intent', row.id);
      target.searchParams.set('payment_intent_client_secret', row.clientSecret);
      target.searchParams.set('redirect_status', status === 'requires_capture' ? 'succeeded' : 'failed');
      return c.redirect(target.toString(), 303);
    }
    return c.html(
      page(approved ? 'Authentication complete' : 'Authentication failed', '<p>You can close this page.</p>'),
    );
  });
}

/** A card confirmed on an intent that asked to save it (or a saved card paid again): its payment method. */
async function saveCard(db: Queryable, row: SandboxIntentRow, last4: string, later: Later): Promise<string | null> {
  if (row.setupFutureUsage !== 'off_session' || !row.customer) return null;
  const id = `pm_sbx_${randomBytes(12).toString('hex')}`;
  await insertSandboxPaymentMethod(db, { id, customer: row.customer, later, cardLast4: last4 });
  return id;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1rem;margin:.25rem .5rem 0 0}</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
}
