import { describe, expect, it } from 'vitest';
import { layout, table } from './layout';
import { passwordResetEmail, verificationCodeEmail, welcomeEmail } from './templates';

describe('mail templates', () => {
  it('puts the code in text and HTML, never in the subject, and names the sign-up it confirms', () => {
    const m = verificationCodeEmail('a@example.com', '042517', new Date('2026-03-04T05:06:07Z'));
    expect(m.subject).not.toContain('042517');
    expect(m.text).toContain('042517');
    expect(m.html).toContain('042517');
    expect(m.text).toMatch(/10 minutes/);
    expect(m.text).toContain('2026-03-04 05:06 UTC');
    expect(m.text).not.toMatch(/first sign-up/);
  });

  it('escapes HTML in names and links', () => {
    const w = welcomeEmail('a@example.com', '<script>alert(1)</script>', 'customer');
    expect(w.html).not.toContain('<script>');
    expect(w.html).toContain('&lt;script&gt;');
    const r = passwordResetEmail('a@example.com', 'https://consign.example/reset/abc"><img');
    expect(r.html).not.toContain('"><img');
    expect(r.text).toContain('https://consign.example/reset/abc');
  });

  it('tells vendors their account awaits activation', () => {
    expect(welcomeEmail('v@example.com', 'Val', 'vendor').text).toMatch(/reviewing/);
    expect(welcomeEmail('c@example.com', null, 'customer').text).toMatch(/^Hello,/);
  });

  it('makes an address in a row a link, escaped, and leaves other values as text', () => {
    const html = table([
      ['Tracking page', 'https://consign.example/track/ABC?x=1&y="2"'],
      ['Reference', '<b>#1234</b>'],
      ['Note', 'see https://consign.example later'],
    ]);
    expect(html).toContain(
      '<a href="https://consign.example/track/ABC?x=1&amp;y=&quot;2&quot;" style="color:#0b3d91">https://consign.example/track/ABC?x=1&amp;y=&quot;2&quot;</a>',
    );
    expect(html).toContain('&lt;b&gt;#1234&lt;/b&gt;');
    expect(html).toContain('<td>see https://consign.example later</td>');
  });

  it('lays the card out for a phone: the screen width, 560 px at most, long words broken', () => {
    const html = layout('Hello', '<p>Body</p>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:560px');
    expect(html).not.toMatch(/width="560"/);
    expect(html).toContain('overflow-wrap:anywhere');
  });
});
