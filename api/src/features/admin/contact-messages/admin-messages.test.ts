import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signUpAdmin } from '../admin.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const f = (filter: unknown) => `?filter=${encodeURIComponent(JSON.stringify(filter))}`;

describe('admin contact messages', () => {
  it('lists messages, marks one handled with a note, and filters by handled', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const sent = await t.post('/api/v1/contact', {
      name: 'Jo Bloggs',
      phone: '+44 20 7946 0000',
      email: 'jo@example.com',
      message: 'Where is my parcel?',
    });
    expect(sent.status).toBe(202);
    const open = await t.get(`/api/v1/admin/contact-messages${f({ handled: false })}`, admin);
    expect(open.body).toMatchObject([{ email: 'jo@example.com', handledAt: null }]);
    const id = open.body[0].id;

    expect((await t.post(`/api/v1/admin/contact-messages/${id}/handle`, {}, admin)).status).toBe(422);
    const handled = await t.post(
      `/api/v1/admin/contact-messages/${id}/handle`,
      { reason: 'Phoned Jo' },
      admin,
    );
    expect(handled.status).toBe(200);
    expect(handled.body.handledAt).not.toBeNull();
    expect((await t.get(`/api/v1/admin/contact-messages${f({ handled: false })}`, admin)).body).toEqual([]);
    expect((await t.post(`/api/v1/admin/contact-messages/${id}/handle`, { reason: 'x' }, admin)).status).toBe(
      409,
    );
    const log = await t.get(`/api/v1/admin/audit-log${f({ entityId: id })}`, admin);
    expect(log.body).toMatchObject([{ action: 'contact.handle', reason: 'Phoned Jo' }]);
  });
});
