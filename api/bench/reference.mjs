/**
 * The same-bytes reference of `pnpm bench`: a minimal Hono app on the same stack as the API
 * (@hono/node-server) that answers POST /api/v1/quotes with the benchmark's quote body, already
 * serialized. What a quote costs beyond this is the cost of making it.
 *
 *   node bench/reference.mjs <port> <file with the quote body>
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const [port, file] = process.argv.slice(2);
const body = readFileSync(file, 'utf8');
const app = new Hono();
app.get('/healthz', (c) => c.text('ok'));
app.post('/api/v1/quotes', async (c) => {
  // Read the request as the API does, so both sides pay for the request body.
  await c.req.json();
  return c.body(body, 201, { 'content-type': 'application/json' });
});
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' });
