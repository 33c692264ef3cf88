import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { intentBody } from '../support/booking';
import { chromiumAvailable, launch } from '../support/browser';
import { apiClient } from '../support/client';

const [target] = inject('targets');
const shots = path.resolve('test-results/screenshots');

/** A merchant's checkout page on another origin, using the sandbox component the way Stripe.js is used. */
const page = (api: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<style>body{font:16px system-ui;max-width:30rem;margin:2rem auto}</style>
<script src="${api}/sandbox/v1/js"></script></head>
<body><h1>Pay</h1><div id="payment"></div><button id="pay">Pay</button><output id="result"></output>
<script>
  const params = new URLSearchParams(location.search);
  if (params.get('redirect_status')) document.getElementById('result').textContent = 'returned:' + params.get('redirect_status');
  const sandbox = SvcSandbox('pk_sandbox_svc');
  const elements = sandbox.elements({ clientSecret: params.get('cs') || 'none_secret_none' });
  elements.create('payment').mount('#payment');
  document.getElementById('pay').onclick = async () => {
    const { error, paymentIntent } = await sandbox.confirmPayment({
      elements, redirect: 'if_required', confirmParams: { return_url: location.origin + '/done' },
    });
    document.getElementById('result').textContent = error ? 'error:' + (error.decline_code || error.code) : 'ok:' + paymentIntent.status;
  };
</script></body></html>`;

describe.runIf(chromiumAvailable())('the sandbox payment component in Chromium', () => {
  const api = apiClient(target!.baseUrl);
  const key = target!.fixtures.acme.server;
  let browser: Browser;
  let merchant: Server;
  let merchantUrl = '';

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    merchant = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(page(target!.baseUrl)),
    );
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', () => r()));
    merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => merchant?.close(r));
  });

  async function checkout() {
    const intent = (await api.post('/intents', { key, body: intentBody(target!) })).body.data;
    const tab = await browser.newPage();
    await tab.goto(`${merchantUrl}/?cs=${encodeURIComponent(intent.client_secret)}`);
    return { intent, tab };
  }
  const fill = async (tab: Awaited<ReturnType<typeof checkout>>['tab'], number: string) => {
    await tab.getByLabel('Card number').fill(number);
    await tab.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await tab.getByLabel('Security code').fill('123');
  };
  const confirm = (intent: { session_id: string; payment_intent_id: string }) =>
    api.post('/confirm', { key, body: { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id } });

  it('authorizes a card entered in the component; the order follows', async () => {
    const { intent, tab } = await checkout();
    await fill(tab, TEST_CARDS.success);
    await tab.screenshot({ path: `${shots}/sandbox-component.png` });
    await tab.click('#pay');
    await expect.poll(() => tab.textContent('#result')).toBe('ok:requires_capture');
    expect((await confirm(intent)).body.data.state).toBe('confirmed');
  });

  it('says why a card is declined, next to the form, and lets the customer retry', async () => {
    const { intent, tab } = await checkout();
    await fill(tab, TEST_CARDS.insufficientFunds);
    await tab.click('#pay');
    await expect.poll(() => tab.textContent('#result')).toBe('error:insufficient_funds');
    await expect.poll(() => tab.getByRole('alert').textContent()).toBe('Your card has insufficient funds.');
    await tab.screenshot({ path: `${shots}/sandbox-component-declined.png` });
    await fill(tab, TEST_CARDS.success);
    await tab.click('#pay');
    await expect.poll(() => tab.textContent('#result')).toBe('ok:requires_capture');
    expect((await confirm(intent)).body.data.state).toBe('confirmed');
  });

  it('checks the form before sending anything', async () => {
    const { tab } = await checkout();
    await tab.click('#pay');
    await expect.poll(() => tab.textContent('#result')).toBe('error:incomplete');
    expect(await tab.getByRole('alert').textContent()).toBe('Enter the card number.');
    expect(await tab.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a card that asks for it through 3-D Secure and back to the page', async () => {
    const { intent, tab } = await checkout();
    await fill(tab, TEST_CARDS.authenticationRequired);
    await tab.click('#pay');
    await tab.getByRole('button', { name: 'Complete authentication' }).click();
    await tab.waitForURL(/\/done\?/);
    expect(await tab.textContent('#result')).toBe('returned:succeeded');
    expect((await confirm(intent)).body.data.state).toBe('confirmed');
  });
});
