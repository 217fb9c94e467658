import { z } from 'zod';

export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const messages = {
  invalidEmail: 'Not a valid email',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordMismatch: "Password Don't Match",
  required: 'This field is required',
} as const;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * The email rule from the specification's validator: at most 254 characters, a local part of at
 * most 64, and a domain with a top-level domain. Quoted local parts and IP-literal domains are
 * refused: no courier customer needs them and they are a common source of delivery failures.
 */
export function isValidEmail(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL_DOMAIN.test(labels[labels.length - 1]!);
}

export const emailSchema = z.string().trim().refine(isValidEmail, messages.invalidEmail);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, messages.passwordTooShort)
  .max(PASSWORD_MAX, messages.passwordTooLong);

/** New password + confirmation; the mismatch is checked even while other fields are invalid. */
export function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, password: passwordSchema, confirmPassword: z.string() }).refine(
    (values) => {
      const { password, confirmPassword } = values as { password: string; confirmPassword: string };
      return password === confirmPassword;
    },
    {
      message: messages.passwordMismatch,
      path: ['confirmPassword'],
      when: (payload) => {
        const value = payload.value as { password?: unknown; confirmPassword?: unknown };
        return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
      },
    },
  );
}
