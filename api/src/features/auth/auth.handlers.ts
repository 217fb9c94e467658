import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../lib/auth';
import { browserOrigin } from '../../lib/origin';
import type * as routes from './auth.routes';
import { AuthService, REFRESH_TTL_MS, type Session } from './auth.service';

const COOKIE = 'consign_refresh';
const COOKIE_PATH = '/api/v1/auth';

const service = (c: Context<AppEnv>) => new AuthService(c.get('deps'));
const address = (c: Context<AppEnv>) =>
  clientAddress(c, c.get('deps').config.trustProxy, c.get('deps').config.trustProxyHops);

/** The portal keeps the refresh token only in this httpOnly cookie; API clients use the body. */
export function withCookie(c: Context<AppEnv>, session: Session) {
  setCookie(c, COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: c.get('deps').config.publicUrl.startsWith('https:'),
    path: COOKIE_PATH,
    maxAge: REFRESH_TTL_MS / 1000,
  });
  return session;
}

export const signup: RouteHandler<typeof routes.signup, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  return c.json(await service(c).signup(body, address(c)), 201);
};

export const verifyEmail: RouteHandler<typeof routes.verifyEmail, AppEnv> = async (c) => {
  const { email, code, registration } = c.req.valid('json');
  return c.json(withCookie(c, await service(c).verifyEmail(email, code, registration)), 200);
};

export const resendOtp: RouteHandler<typeof routes.resendOtp, AppEnv> = async (c) => {
  const { email, registration } = c.req.valid('json');
  await service(c).resendCode(email, registration);
  return c.body(null, 202);
};

export const login: RouteHandler<typeof routes.login, AppEnv> = async (c) => {
  const { email, password } = c.req.valid('json');
  return c.json(withCookie(c, await service(c).login(email, password, address(c))), 200);
};

export const refresh: RouteHandler<typeof routes.refresh, AppEnv> = async (c) => {
  const token = await readToken(c);
  if (!token) return c.body(null, 204);
  try {
    return c.json(withCookie(c, await service(c).refresh(token)), 200);
  } catch (err) {
    deleteCookie(c, COOKIE, { path: COOKIE_PATH });
    throw err;
  }
};

export const logout: RouteHandler<typeof routes.logout, AppEnv> = async (c) => {
  await service(c).logout(await readToken(c));
  deleteCookie(c, COOKIE, { path: COOKIE_PATH });
  return c.body(null, 204);
};

export const passwordReset: RouteHandler<typeof routes.passwordReset, AppEnv> = async (c) => {
  await service(c).requestPasswordReset(
    c.req.valid('json').email,
    address(c),
    browserOrigin(c.get('deps').config, c.req),
  );
  return c.body(null, 202);
};

export const passwordResetConfirm: RouteHandler<typeof routes.passwordResetConfirm, AppEnv> = async (c) => {
  const { token, password } = c.req.valid('json');
  await service(c).confirmPasswordReset(token, password);
  return c.body(null, 204);
};

export const google: RouteHandler<typeof routes.google, AppEnv> = async (c) => {
  const { idToken, role } = c.req.valid('json');
  return c.json(withCookie(c, await service(c).google(idToken, role)), 200);
};

/** The body's token wins; the cookie serves the portal. An empty body is allowed. */
async function readToken(c: Context<AppEnv>): Promise<string | undefined> {
  const body = (c.req as unknown as { valid(t: 'json'): { refreshToken?: string } | undefined }).valid(
    'json',
  );
  return body?.refreshToken ?? getCookie(c, COOKIE);
}
