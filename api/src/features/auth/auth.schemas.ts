import {
  EMAIL_LOCAL_MAX,
  EMAIL_MAX,
  type EmailProblem,
  emailProblem,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '@consign/shared/accounts';
import { z } from '@hono/zod-openapi';
import { USER_ROLES } from '../../db/schema';

const EMAIL_PROBLEMS: Record<Exclude<EmailProblem, 'too_long'>, string> = {
  local_part_too_long: `The part before @ must be at most ${EMAIL_LOCAL_MAX} characters`,
  no_top_level_domain: 'Email needs a top-level domain, such as .com',
  invalid: 'Not a valid email',
};

/** The email rule of @consign/shared/accounts, which the portal checks too, with its reason. */
export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    // Too long is the max above's to say.
    if (problem && problem !== 'too_long') ctx.addIssue({ code: 'custom', message: EMAIL_PROBLEMS[problem] });
  })
  .transform((v) => v.toLowerCase())
  .openapi({ example: 'customer@consign.example', format: 'email' });

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG)
  .openapi({ example: 'consign-demo-1', format: 'password' });

export const RoleSchema = z.enum(USER_ROLES).openapi('Role');

export const SessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: RoleSchema,
    emailVerified: z.boolean(),
  })
  .openapi('SessionUser');

export const SessionSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z
      .number()
      .int()
      .openapi({ description: 'Seconds until the access token expires', example: 900 }),
    user: SessionUserSchema,
  })
  .openapi('Session');

export const SignupBodySchema = z
  .strictObject({
    email: EmailSchema,
    password: PasswordSchema,
    role: z.enum(['customer', 'vendor']).default('customer'),
    name: z.string().trim().min(1).max(120).optional(),
  })
  .openapi('SignupRequest');

/** The opaque handle of one sign-up, which its code step sends back. */
const RegistrationHandleSchema = z.string().min(1, 'Registration is required').max(200).openapi({
  description: 'The `registration` the sign-up answered: the code is checked against that sign-up only',
});

export const SignupResultSchema = z
  .object({
    email: z.string(),
    registration: z.string().openapi({
      description:
        'Opaque handle of this sign-up: send it with the code (verify-email) and to ask for a new code (resend-otp). Answered alike for every email.',
    }),
  })
  .openapi('SignupResult');

export const VerifyEmailBodySchema = z
  .strictObject({
    email: EmailSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The code is 6 digits'),
    registration: RegistrationHandleSchema,
  })
  .openapi('VerifyEmailRequest');

export const ResendOtpBodySchema = z
  .strictObject({ email: EmailSchema, registration: RegistrationHandleSchema })
  .openapi('ResendOtpRequest');

export const EmailOnlyBodySchema = z.strictObject({ email: EmailSchema }).openapi('EmailRequest');

export const LoginBodySchema = z
  .strictObject({
    email: EmailSchema,
    // Any non-empty password may be tried; the length rules apply when one is chosen.
    password: z.string().min(1, 'Password is required').max(1024),
  })
  .openapi('LoginRequest');

export const RefreshBodySchema = z
  .strictObject({
    refreshToken: z.string().min(1).optional().openapi({ description: 'Omit to use the httpOnly cookie' }),
  })
  .openapi('RefreshRequest');

export const PasswordResetConfirmBodySchema = z
  .strictObject({ token: z.string().min(1), password: PasswordSchema })
  .openapi('PasswordResetConfirmRequest');

export const GoogleBodySchema = z
  .strictObject({
    idToken: z.string().min(1),
    role: z.enum(['customer', 'vendor']).optional(),
  })
  .openapi('GoogleSignInRequest');
