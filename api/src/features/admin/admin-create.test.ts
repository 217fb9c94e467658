import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { AdminCreateError, createAdmin } from './admin-create';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('createAdmin (pnpm admin:create)', () => {
  it('creates a verified admin who can sign in and use the admin API', async () => {
    await createAdmin(t.deps, ' Staff@Example.com ', 'long-enough-1', 'Sam Staff');
    const login = await t.post('/api/v1/auth/login', {
      email: 'staff@example.com',
      password: 'long-enough-1',
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'admin', emailVerified: true, name: 'Sam Staff' });
    const users = await t.get('/api/v1/admin/users', t.bearer(login.body.accessToken));
    expect(users.status).toBe(200);
  });

  it('refuses a taken email, a bad email and a short password', async () => {
    await createAdmin(t.deps, 'staff@example.com', 'long-enough-1');
    await expect(createAdmin(t.deps, 'staff@example.com', 'long-enough-1')).rejects.toThrow(
      'An account with staff@example.com already exists',
    );
    await expect(createAdmin(t.deps, 'not-an-email', 'long-enough-1')).rejects.toThrow(AdminCreateError);
    await expect(createAdmin(t.deps, 'other@example.com', 'short')).rejects.toThrow(
      'password: Password must be at least 8 characters',
    );
  });
});
