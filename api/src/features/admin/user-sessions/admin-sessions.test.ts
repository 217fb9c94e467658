import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../../test/harness';
import { signUpAdmin } from '../admin.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const SESSIONS = '/api/v1/admin/user-sessions';
const q = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]))}`;

describe("a user's sessions for staff", () => {
  it('lists each sign-in with its dates and no token material, and revokes one with a reason (audited)', async () => {
    const admin = await signUpAdmin(t);
    const auth = t.bearer(admin.accessToken);
    const first = await signUpVerified(t, 'c@example.com', 'customer', 'correct-horse-1');
    const second = await t.post('/api/v1/auth/login', {
      email: 'c@example.com',
      password: 'correct-horse-1',
    });
    expect(second.status).toBe(200);

    const listed = await t.get(`${SESSIONS}${q({ filter: { userId: first.user.id } })}`, auth);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('Content-Range')).toBe('user-sessions 0-1/2');
    expect(listed.body).toHaveLength(2);
    for (const s of listed.body) {
      expect(Object.keys(s).sort()).toEqual(
        ['active', 'createdAt', 'expiresAt', 'id', 'lastUsedAt', 'revokedAt', 'userId'].sort(),
      );
      expect(s).toMatchObject({ userId: first.user.id, active: true, revokedAt: null });
      expect(Date.parse(s.expiresAt)).toBeGreaterThan(Date.parse(s.createdAt));
    }
    // Never token material: neither the refresh token nor its hash appears in the answer.
    if (first.refreshToken) expect(JSON.stringify(listed.body)).not.toContain(first.refreshToken);
    expect(JSON.stringify(listed.body)).not.toMatch(/[0-9a-f]{64}/);

    // The first sign-in ends at once; the second keeps working.
    const me = (token: string) => t.get('/api/v1/users/me', t.bearer(token));
    expect((await me(first.accessToken)).status).toBe(200);
    // The session id is the `sid` its access tokens carry.
    const firstSid = JSON.parse(Buffer.from(first.accessToken.split('.')[1]!, 'base64url').toString()).sid;
    expect(listed.body.map((s: { id: string }) => s.id)).toContain(firstSid);
    const noReason = await t.post(`${SESSIONS}/${firstSid}/revoke`, { reason: ' ' }, auth);
    expect(noReason.status).toBe(422);
    const revoked = await t.post(`${SESSIONS}/${firstSid}/revoke`, { reason: 'Lost phone' }, auth);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: firstSid, active: false });
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await me(first.accessToken)).status).toBe(401);
    expect((await me(second.body.accessToken)).status).toBe(200);

    const again = await t.post(`${SESSIONS}/${firstSid}/revoke`, { reason: 'Lost phone' }, auth);
    expect(again.status).toBe(409);
    expect((await t.post(`${SESSIONS}/nope/revoke`, { reason: 'x' }, auth)).status).toBe(404);

    const audit = await t.get(
      `/api/v1/admin/audit-log${q({ filter: { action: 'user.session.revoke' } })}`,
      auth,
    );
    expect(audit.body).toHaveLength(1);
    expect(audit.body[0]).toMatchObject({
      entityType: 'user',
      entityId: first.user.id,
      reason: 'Lost phone',
    });

    // Staff only.
    expect((await t.get(SESSIONS, t.bearer(second.body.accessToken))).status).toBe(403);
  });
});
