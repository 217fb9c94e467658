import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import {
  EmailOnlyBodySchema,
  GoogleBodySchema,
  LoginBodySchema,
  PasswordResetConfirmBodySchema,
  RefreshBodySchema,
  ResendOtpBodySchema,
  SessionSchema,
  SignupBodySchema,
  SignupResultSchema,
  VerifyEmailBodySchema,
} from './auth.schemas';

const tags = ['Auth'];

export const signup = createRoute({
  operationId: 'signup',
  method: 'post',
  path: '/auth/signup',
  tags,
  summary: 'Create an account; a 6-digit code is emailed',
  request: { body: jsonBody(SignupBodySchema) },
  responses: {
    201: jsonContent(
      SignupResultSchema,
      'Accepted alike for new and existing emails: a new account gets a code; an existing one is never changed, and its owner is mailed a code or a sign-in reminder',
    ),
    ...pickProblems(422, 429, 503),
  },
});

export const verifyEmail = createRoute({
  operationId: 'verifyEmail',
  method: 'post',
  path: '/auth/verify-email',
  tags,
  summary: 'Verify the emailed code of this sign-up (its `registration`) and sign in',
  request: { body: jsonBody(VerifyEmailBodySchema) },
  responses: {
    200: jsonContent(SessionSchema, 'Verified and signed in; the refresh cookie is set'),
    ...pickProblems(400, 422),
  },
});

export const resendOtp = createRoute({
  operationId: 'resendOtp',
  method: 'post',
  path: '/auth/resend-otp',
  tags,
  summary: 'Send a new code for this sign-up (at most one a minute and five an hour)',
  request: { body: jsonBody(ResendOtpBodySchema) },
  responses: {
    202: {
      description:
        'Accepted alike for every email and handle; past the limits nothing is sent, and the answer is the same',
    },
    ...pickProblems(422),
  },
});

export const login = createRoute({
  operationId: 'login',
  method: 'post',
  path: '/auth/login',
  tags,
  summary: 'Sign in with email and password',
  request: { body: jsonBody(LoginBodySchema) },
  responses: {
    200: jsonContent(SessionSchema, 'Signed in; the refresh cookie is set'),
    ...pickProblems(401, 403, 422, 429, 503),
  },
});

export const refresh = createRoute({
  operationId: 'refresh',
  method: 'post',
  path: '/auth/refresh',
  tags,
  summary: 'Exchange a refresh token (body or cookie) for a new pair',
  request: { body: { required: false, content: { 'application/json': { schema: RefreshBodySchema } } } },
  responses: {
    200: jsonContent(SessionSchema, 'A new session'),
    // A signed-out page load asks too (the cookie is httpOnly, so the portal cannot tell): "no
    // session" is an answer, not an error, so browsers log nothing.
    204: { description: 'No session: no refresh token in the body or the cookie' },
    ...pickProblems(401, 422),
  },
});

export const logout = createRoute({
  operationId: 'logout',
  method: 'post',
  path: '/auth/logout',
  tags,
  summary: 'Revoke the refresh token (body or cookie)',
  request: { body: { required: false, content: { 'application/json': { schema: RefreshBodySchema } } } },
  responses: { 204: { description: 'Signed out' }, ...pickProblems(422) },
});

export const passwordReset = createRoute({
  operationId: 'passwordReset',
  method: 'post',
  path: '/auth/password-reset',
  tags,
  summary: 'Email a single-use reset link valid 30 minutes',
  request: { body: jsonBody(EmailOnlyBodySchema) },
  responses: { 202: { description: 'Accepted whatever the email' }, ...pickProblems(422, 429) },
});

export const passwordResetConfirm = createRoute({
  operationId: 'passwordResetConfirm',
  method: 'post',
  path: '/auth/password-reset/confirm',
  tags,
  summary: 'Set a new password; every session of the account is revoked',
  request: { body: jsonBody(PasswordResetConfirmBodySchema) },
  responses: { 204: { description: 'Password changed' }, ...pickProblems(400, 422, 503) },
});

export const google = createRoute({
  operationId: 'google',
  method: 'post',
  path: '/auth/google',
  tags,
  summary: 'Sign in with a Google ID token, creating the account when none exists',
  request: { body: jsonBody(GoogleBodySchema) },
  responses: {
    200: jsonContent(SessionSchema, 'Signed in'),
    ...pickProblems(401, 403, 404, 422),
  },
});
