import {
  isValidEmail,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '@consign/shared/accounts';
import { z } from 'zod';

export const messages = {
  invalidEmail: 'Not a valid email',
  passwordTooShort: PASSWORD_TOO_SHORT,
  passwordTooLong: PASSWORD_TOO_LONG,
  passwordMismatch: 'The passwords do not match',
  required: 'This field is required',
} as const;

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
