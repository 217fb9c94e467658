/**
 * What an account's email and password must be: the API enforces it, the front ends say so
 * before a request is sent. The email rule: at most 254
 * characters, a local part of at most 64, a domain with a top-level domain. Quoted local parts
 * and IP-literal domains are refused: no courier customer needs them and they are a common
 * source of delivery failures.
 */

export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters`;

/** Why an email is refused, the most telling reason first (see emailProblem). */
export type EmailProblem = 'too_long' | 'local_part_too_long' | 'no_top_level_domain' | 'invalid';

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** Null for an email the rule accepts, else why not. */
export function emailProblem(value: string): EmailProblem | null {
  if (value.length > EMAIL_MAX) return 'too_long';
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return 'invalid';
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > EMAIL_LOCAL_MAX) return 'local_part_too_long';
  if (!LOCAL_PART.test(local)) return 'invalid';
  const topLevel = labels.length < 2 ? '' : (labels.pop() as string);
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return 'invalid';
  return DOMAIN_LABEL.test(topLevel) && TOP_LEVEL_DOMAIN.test(topLevel) ? null : 'no_top_level_domain';
}

export function isValidEmail(value: string): boolean {
  return emailProblem(value) === null;
}
