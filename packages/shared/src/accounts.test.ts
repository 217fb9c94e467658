import { describe, expect, it } from 'vitest';
import { emailProblem, isValidEmail } from './accounts';

describe('isValidEmail', () => {
  it.each([
    ['jane@example.co.uk', true],
    ['jane.doe+parcels@example.com', true],
    ["o'brien@example.ie", true],
    ['x@sub.domain.example.org', true],
    ['a@b.xn--p1ai', true],
    ['', false],
    ['jane', false],
    ['jane@', false],
    ['@example.com', false],
    ['jane@example', false],
    ['jane@example.c', false],
    ['jane@example.123', false],
    ['jane..doe@example.com', false],
    ['.jane@example.com', false],
    ['jane.@example.com', false],
    ['jane@-example.com', false],
    ['jane@example-.com', false],
    ['jane@exa mple.com', false],
    ['jane doe@example.com', false],
    ['jane@example..com', false],
  ])('%s -> %s', (email, expected) => {
    expect(isValidEmail(email)).toBe(expected);
  });

  it('limits the local part to 64 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('limits the whole address to 254 characters', () => {
    const domain = `${['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63)].join('.')}.com`; // 195 chars
    const ok = `${'x'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(ok.length).toBe(254);
    expect(isValidEmail(ok)).toBe(true);
    expect(isValidEmail(`x${ok}`)).toBe(false);
  });
});

describe('emailProblem', () => {
  it.each([
    ['jane@example.co.uk', null],
    [`${'a'.repeat(250)}@example.com`, 'too_long'],
    [`${'a'.repeat(65)}@example.com`, 'local_part_too_long'],
    ['someone@localhost', 'no_top_level_domain'],
    ['jane@example.c', 'no_top_level_domain'],
    ['jane@example.123', 'no_top_level_domain'],
    ['not-an-email', 'invalid'],
    ['jane..doe@example.com', 'invalid'],
    ['jane@-example.com', 'invalid'],
  ] as const)('%s -> %s', (email, problem) => {
    expect(emailProblem(email)).toBe(problem);
  });
});
