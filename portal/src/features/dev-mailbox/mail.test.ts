import { describe, expect, it } from 'vitest';
import type { OutboxEmail } from '../../shared/api/client';
import { extractCode, linkify, newestFirst } from './mail';

const email = (over: Partial<OutboxEmail>): OutboxEmail => ({
  id: '1',
  to: 'a@example.com',
  subject: 'Your code',
  text: '',
  html: '',
  createdAt: '2025-01-01T10:00:00.000Z',
  ...over,
});

describe('extractCode', () => {
  it('finds a 6-digit code in the body', () => {
    expect(extractCode(email({ text: 'Your Consign code is 042917. It expires in 10 minutes.' }))).toBe(
      '042917',
    );
  });
  it('finds it in the subject too', () => {
    expect(extractCode(email({ subject: '123456 is your Consign code' }))).toBe('123456');
  });
  it('ignores longer numbers, dates and phone numbers', () => {
    expect(extractCode(email({ text: 'Order 12345678 on 2025-01-01, call 0207 946 0000' }))).toBeNull();
  });
  it('returns null without a code', () => {
    expect(extractCode(email({ text: 'Reset your password: https://x.test/reset/abc' }))).toBeNull();
  });
});

describe('newestFirst', () => {
  it('sorts by createdAt descending', () => {
    const items = [
      email({ id: 'old', createdAt: '2025-01-01T10:00:00Z' }),
      email({ id: 'new', createdAt: '2025-01-02T10:00:00Z' }),
    ];
    expect(newestFirst(items).map((i) => i.id)).toEqual(['new', 'old']);
  });
});

describe('linkify', () => {
  it('splits URLs out of text', () => {
    expect(linkify('Open http://localhost:3000/reset/abc now')).toEqual([
      { kind: 'text', value: 'Open ' },
      { kind: 'link', value: 'http://localhost:3000/reset/abc' },
      { kind: 'text', value: ' now' },
    ]);
  });
});
