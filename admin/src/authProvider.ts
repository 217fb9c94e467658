import { type AuthProvider, HttpError, type UserIdentity } from 'react-admin';
import { createHttpClient, requestJson } from './http';
import { AUTH_BASE, type Session, type SessionStore, STAFF_ONLY } from './session';

interface LoginParams {
  /** react-admin's login form calls the field `username`; Consign signs in with an email. */
  username?: string;
  email?: string;
  password?: string;
}

interface Me {
  id: string;
  email: string;
  name: string | null;
  avatarUrl: string | null;
}

/**
 * Signs staff in and keeps the session; anyone else is refused with STAFF_ONLY. Used by the
 * plain sign-in page before the console loads (main.tsx) and by react-admin's login afterwards.
 */
export async function signIn(
  session: SessionStore,
  credentials: { email: string; password: string },
): Promise<void> {
  const { json } = await requestJson(`${AUTH_BASE}/login`, {
    method: 'POST',
    body: JSON.stringify(credentials),
  });
  const signedIn = json as Session;
  if (!session.accept(signedIn)) {
    // The API has just set its refresh cookie for this non-staff session; revoke exactly that
    // session (by its token) so no stray login is left behind in the browser.
    await requestJson(`${AUTH_BASE}/logout`, {
      method: 'POST',
      body: JSON.stringify({ refreshToken: signedIn.refreshToken }),
    }).catch(() => undefined);
    throw new Error(STAFF_ONLY);
  }
}

export function createAuthProvider(session: SessionStore): AuthProvider {
  const authed = createHttpClient(session);
  return {
    login({ username, email, password }: LoginParams) {
      return signIn(session, { email: email ?? username ?? '', password: password ?? '' });
    },

    async checkAuth() {
      if (session.hasFreshToken()) return;
      const outcome = await session.refresh();
      if (outcome === 'signed-in') return;
      // A first visit is not an error worth a notification; a customer's cookie is.
      throw outcome === 'not-staff' ? { message: STAFF_ONLY } : { message: false };
    },

    async logout() {
      const token = session.token;
      session.clear();
      // Without an admin session here there is nothing of ours to revoke; above all, a customer's
      // portal session on the same origin (see checkAuth) must survive a visit to /admin.
      if (!token) return;
      await requestJson(`${AUTH_BASE}/logout`, {
        method: 'POST',
        body: '{}',
        headers: { Authorization: `Bearer ${token}` },
      }).catch(() => undefined);
    },

    async checkError(error: unknown) {
      if (
        error instanceof HttpError ? error.status === 401 : (error as { status?: number })?.status === 401
      ) {
        throw { message: 'ra.notification.logged_out' };
      }
    },

    async getIdentity(): Promise<UserIdentity> {
      const { json } = await authed('/api/v1/users/me');
      const me = json as Me;
      return { id: me.id, fullName: me.name ?? me.email, avatar: me.avatarUrl ?? undefined, email: me.email };
    },

    async getPermissions() {
      return session.user?.role ?? null;
    },
  };
}
