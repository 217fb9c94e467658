import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './db/seed';
import { demoBanner } from './demo-banner';

describe('the demo banner of the start-up log', () => {
  it('lists every demo sign-in, the partner included', () => {
    const banner = demoBanner(DEMO_ACCOUNTS, 'http://localhost:3000');
    for (const account of DEMO_ACCOUNTS) expect(banner).toContain(account.email);
    expect(banner).toContain('partner  partner@consign.example');
  });

  it('is what docs/getting-started.md shows a newcomer', () => {
    const guide = readFileSync(new URL('../../docs/getting-started.md', import.meta.url), 'utf8');
    const signIns = demoBanner(DEMO_ACCOUNTS, 'http://localhost:3000')
      .split('\n')
      .slice(1, 2 + DEMO_ACCOUNTS.length);
    expect(guide).toContain(signIns.join('\n'));
  });

  // Issue 51, item 19: with PORT set, the widget line named port 3000.
  it("points the example partner page at this server's address", () => {
    const banner = demoBanner(DEMO_ACCOUNTS, 'http://localhost:4321');
    expect(banner).toContain(
      'open http://127.0.0.1:8080/partner-shop.html?consign=http%3A%2F%2Flocalhost%3A4321',
    );
    expect(banner).toContain('it loads http://localhost:4321/widget/v1/consign.js');
    expect(banner).not.toContain(':3000');
  });
});
