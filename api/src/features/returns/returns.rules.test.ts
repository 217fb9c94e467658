import { describe, expect, it } from 'vitest';
import { draftToken, readDraftToken, returnProblem, returnWindowEnd } from './returns.rules';

describe('the return window', () => {
  it('ends at the last instant of the nth UK day after delivery, in winter and in summer time', () => {
    expect(returnWindowEnd(new Date('2026-01-13T10:00:00Z'), 30).toISOString()).toBe(
      '2026-02-12T23:59:59.999Z',
    );
    // Delivered 23:30 UK time on 1 July (BST): that is the delivery day, and the end is 23:59:59.999 BST.
    expect(returnWindowEnd(new Date('2026-07-01T22:30:00Z'), 1).toISOString()).toBe(
      '2026-07-02T22:59:59.999Z',
    );
  });

  it('says why an order cannot be returned: not delivered, abroad, or the window closed', () => {
    const policy = { windowDays: 14 };
    const now = new Date('2026-01-20T10:00:00Z');
    const delivered = new Date('2026-01-13T10:00:00Z');
    const order = { status: 'delivered', serviceType: 'domestic', deliveredAt: delivered };
    expect(returnProblem(order, policy, now)).toBeNull();
    expect(returnProblem({ ...order, status: 'in_transit', deliveredAt: null }, policy, now)?.code).toBe(
      'return_not_delivered',
    );
    expect(returnProblem({ ...order, serviceType: 'international' }, policy, now)?.code).toBe(
      'return_not_offered',
    );
    expect(returnProblem(order, policy, new Date('2026-01-28T00:00:00Z'))?.code).toBe('return_window');
  });
});

describe('the draft token', () => {
  const draft = { orderId: 'o1', reason: 'damaged' as const, quoteId: 'q1', expiresAt: 1 };
  it('reads back what this secret signed, and nothing changed or signed with another', () => {
    const token = draftToken('secret', draft);
    expect(readDraftToken('secret', token)).toEqual(draft);
    expect(readDraftToken('other', token)).toBeNull();
    const forged = `${Buffer.from(JSON.stringify({ ...draft, orderId: 'o2' })).toString('base64url')}.${token.split('.')[1]}`;
    expect(readDraftToken('secret', forged)).toBeNull();
    expect(readDraftToken('secret', 'nonsense')).toBeNull();
  });
});
