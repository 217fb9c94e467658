/**
 * What the widget specs share: the example partner shop (docs/examples/partner-shop.html) served
 * by the test on an origin other than Consign's, and the checkout's sign-in and address forms.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type FrameLocator, type Locator } from '@playwright/test';
import { expectOpened } from './opened';

export const CUSTOMER = { email: 'customer@consign.example', password: 'consign-demo-1' };
const PAGE = new URL('../../../docs/examples/partner-shop.html', import.meta.url);

let servers: Server[] = [];

/**
 * Serves the example page on a free port and answers its URL on `host`; with `consign` (the
 * address of the Consign under test) the URL tells the page which Consign to talk to. `listen` is
 * the address bound, `host` by default ('::' serves `localhost` on IPv6 and IPv4 alike, whichever
 * it resolves to first).
 */
export async function servePartnerPage(
  host: string,
  { consign, listen = host }: { consign?: string; listen?: string } = {},
): Promise<string> {
  const html = await readFile(PAGE, 'utf8');
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, listen, resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  const page = `http://${host}:${port}/partner-shop.html`;
  return consign ? `${page}?consign=${encodeURIComponent(consign)}` : page;
}

/** Stops every page served by the test (the specs' afterEach). */
export async function stopPartnerPages(): Promise<void> {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
}

/** Signs the demo customer in through the Log In dialog, on the page or inside the checkout frame. */
export async function signIn(scope: Locator | FrameLocator) {
  const dialog = scope.getByRole('dialog', { name: 'Log In' });
  // The checkout frame loads the whole portal first.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expectOpened(dialog);
  await dialog.getByLabel('Email').fill(CUSTOMER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}
