// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerender } from './prerender';

/** What the build writes into dist/index.html, rendered where the build renders it: no browser. */
describe('the prerendered home page', () => {
  it('renders the page a visitor first sees without window or document', async () => {
    expect(typeof window).toBe('undefined');
    const html = await prerender('/');
    expect(html).toContain('<h1 class="hero__title">Compare UK courier quotes</h1>');
    expect(html).toContain('How it works');
    expect(html).toContain('Register as a courier');
    // The header's signed-out links wait for the session, as the browser's first render does.
    expect(html).not.toContain('Log Out');
    // Browser-only parts arrive after hydration: the form's placeholder stands in for the form.
    expect(html).toContain('Loading the quote form');
    expect(html).not.toContain('Get Quote');
  });
});
