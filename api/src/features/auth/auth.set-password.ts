/**
 * Setting a password from an emailed link and being signed in at once: how invited people (a
 * partner's staff) start. The link's token is a password-reset token (single use, stored
 * hashed), so the same rules end every other link and session of the account.
 */
import { createRoute, type RouteHandler, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import { passwordResets, users } from '../../db/schema';
import { jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { sha256 } from '../../lib/tokens';
import { withCookie } from './auth.handlers';
import { PasswordSchema, SessionSchema } from './auth.schemas';
import { AuthService } from './auth.service';

const SetPasswordBodySchema = z
  .strictObject({ token: z.string().min(1, 'Token is required').max(200), password: PasswordSchema })
  .openapi('SetPasswordRequest');

export const setPassword = createRoute({
  operationId: 'setPassword',
  method: 'post',
  path: '/auth/set-password',
  tags: ['Auth'],
  summary: 'Set a password from an invitation (or reset) link and sign in',
  request: { body: jsonBody(SetPasswordBodySchema) },
  responses: { 200: jsonContent(SessionSchema, 'Signed in'), ...pickProblems(400, 403, 422) },
});

export const setPasswordHandler: RouteHandler<typeof setPassword, AppEnv> = async (c) => {
  const { token, password } = c.req.valid('json');
  const service = new AuthService(c.get('deps'));
  const [link] = await c
    .get('deps')
    .db.select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, sha256(token)));
  // An unknown token fails here with the usual invalid-link problem.
  await service.confirmPasswordReset(token, password);
  const user = await c.get('deps').db.query.users.findFirst({ where: eq(users.id, link!.userId) });
  return c.json(withCookie(c, await service.createSession(user!)), 200);
};
