// A baseline for information: the framework the standalone server is built on, Hono on @hono/node-server
// (as dist/standalone.js serves it), answering byte for byte what the API answered, with no work of ours:
// no validation, key, limiter, log line or metric. What it loses to bare node:http is the framework's share
// of the standalone server's gap; the rest is ours.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = new Hono();
const json = { 'content-type': 'application/json' };
app.get('/booking/v1/sizes', (c) => c.body(answers['GET /booking/v1/sizes'], 200, json));
app.post('/booking/v1/quote', async (c) => {
  await c.req.json(); // the body is read, as the API reads it
  return c.body(answers['POST /booking/v1/quote'], 200, json);
});
serve({ fetch: app.fetch, port: Number(process.argv[3]), hostname: '127.0.0.1' }, () => console.log('bare hono ready'));
