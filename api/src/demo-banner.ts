import { DEMO_PARTNER } from './db/seed';

/**
 * What the start-up log prints after a new database got the demo data: the sign-ins and how to
 * try the widget against this server (the example page takes the server's address as `?consign=`,
 * so a start on another PORT or PUBLIC_URL still gives a page that works).
 */
export function demoBanner(accounts: readonly { role: string; email: string }[], publicUrl: string): string {
  const page = new URL('http://127.0.0.1:8080/partner-shop.html');
  page.searchParams.set('consign', publicUrl);
  return [
    '',
    'Demo sign-ins (password for each: consign-demo-1; never created in production unless SEED_DEMO=1):',
    ...accounts.map((a) => `  ${a.role.padEnd(8)} ${a.email}`),
    '',
    `Demo partner key (widget, from ${DEMO_PARTNER.allowedOrigins.join(' or ')}): ${DEMO_PARTNER.publishableKey}`,
    // The script has no page of its own: the example partner page, served from another port, is
    // the way to see it (docs/widget.md, "Try it").
    `  try it: npx serve docs/examples -l 8080, then open ${page.href}`,
    `  (it loads ${publicUrl}/widget/v1/consign.js; docs/widget.md explains)`,
    '',
  ].join('\n');
}
