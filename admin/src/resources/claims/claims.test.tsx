import { CLAIM_STATUS_FACTS, CLAIM_STATUSES } from '@consign/shared/statuses';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../i18n';
import { list, one, problem, stubFetch } from '../../test/fetchStub';
import { claim, claimDetail } from '../../test/fixtures';
import { renderConsole } from '../../test/renderConsole';
import type { AdminClaimDetail } from '../../types';
import { deadlineText } from './shared';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

const DAY = 86_400_000;
/** A deadline two days and a bit ahead of the test's own clock: "in 2 days". */
const soon = () => new Date(Date.now() + 2 * DAY + 3_600_000).toISOString();

/** One claim of every status the API answers, and a rejection staff made final. */
function everyStatus() {
  return [
    ...CLAIM_STATUSES.map((status, i) =>
      claim({
        id: `cl-${status}`,
        orderReference: `#0000000${i}`,
        status,
        kind: i % 2 ? 'loss' : 'damage',
        amountClaimed: { amount: 1000 + i, currency: 'GBP' },
        awaitsStaff: status === 'escalated' || status === 'rejected',
        courierDeadline:
          status === 'submitted' ? null : status === 'with_courier' ? soon() : claim().courierDeadline,
        respondedAt: ['accepted', 'part_accepted', 'rejected'].includes(status)
          ? '2026-01-14T11:00:00.000Z'
          : null,
      }),
    ),
    claim({
      id: 'cl-final',
      orderReference: '#0000final',
      status: 'rejected',
      decidedByStaff: true,
      final: true,
      awaitsStaff: false,
      respondedAt: '2026-01-14T11:00:00.000Z',
      staffNote: 'Old damage',
    }),
  ];
}

describe('the courier’s deadline in words', () => {
  const now = Date.parse('2026-01-14T10:00:00.000Z');
  const words = (c: Parameters<typeof deadlineText>[0]) => deadlineText(c, i18nProvider.translate, now);
  const deadline = '2026-01-16T23:59:59.999Z';

  it('says when it falls and how far off it is, that it was missed, or that the courier answered', () => {
    expect(words({ status: 'with_courier', courierDeadline: deadline, respondedAt: null })).toBe(
      'Fri, 16 Jan 2026, 23:59 (in 2 days)',
    );
    expect(
      words({ status: 'with_courier', courierDeadline: '2026-01-13T23:59:59.999Z', respondedAt: null }),
    ).toBe('Tue, 13 Jan 2026, 23:59 (missed, 10 hours ago)');
    expect(
      words({ status: 'escalated', courierDeadline: '2026-01-10T23:59:59.999Z', respondedAt: null }),
    ).toBe('Sat, 10 Jan 2026, 23:59 (missed, 3 days ago)');
    expect(
      words({ status: 'rejected', courierDeadline: deadline, respondedAt: '2026-01-14T09:30:00.000Z' }),
    ).toBe('Answered Wed, 14 Jan 2026, 09:30');
    expect(words({ status: 'submitted', courierDeadline: null, respondedAt: null })).toBe('—');
  });
});

describe('the claims queue', () => {
  it('opens on the claims waiting for staff, oldest first, and shows claims of every status with age and deadline', async () => {
    const { to } = stubFetch({ 'GET /api/v1/admin/claims': list(everyStatus()) });
    renderConsole('/claims');
    expect(await screen.findByText('#0000final')).toBeTruthy();
    const query = new URL(to('GET /api/v1/admin/claims')[0]!.url, 'http://x').searchParams;
    expect(JSON.parse(query.get('filter') ?? '{}')).toEqual({ awaitsStaff: true });
    expect(query.get('sort')).toBe('["createdAt","ASC"]');

    for (const label of ['Submitted', 'With courier', 'Accepted', 'Part accepted', 'Escalated', 'Paid']) {
      expect(screen.getByText(label, { selector: 'td *' })).toBeTruthy();
    }
    expect(screen.getAllByText('Rejected', { selector: 'td *' })).toHaveLength(2);
    expect(screen.getAllByText('Damage', { selector: 'td *' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Loss', { selector: 'td *' }).length).toBeGreaterThan(0);
    expect(screen.getByText('£10.04')).toBeTruthy();

    const row = (reference: string) => screen.getByText(reference).closest('tr') as HTMLElement;
    // Escalated: the deadline passed without an answer.
    expect(row('#00000005').textContent).toMatch(/Thu, 15 Jan 2026, 23:59 \(missed, \d+ days ago\)/);
    // With the courier: when the deadline falls, and how long is left.
    expect(row('#00000001').textContent).toContain('(in 2 days)');
    // Answered: the deadline no longer matters.
    expect(row('#00000004').textContent).toContain('Answered Wed, 14 Jan 2026, 11:00');
    // Not yet sent to a courier: no deadline.
    expect(row('#00000000').textContent).toContain('—');
    // The age of each claim, in words.
    expect(row('#00000000').textContent).toMatch(/\d+ days ago/);
    expect(row('#00000000').textContent).toContain('Swift Couriers');
    expect(row('#00000000').textContent).toContain('Casey Customer');
  });

  it('lists a single claim and says so when the queue is empty', async () => {
    stubFetch({ 'GET /api/v1/admin/claims': [list([claim()]), list([])] });
    renderConsole('/claims');
    expect(await screen.findByText('#1111aaaa')).toBeTruthy();
    cleanup();
    renderConsole('/claims');
    expect(await screen.findByText(/No Claims found using the current filters/)).toBeTruthy();
  });
});

describe('a claim’s page', () => {
  it('shows an escalated claim with its evidence, parties, deadline and timeline, and offers Decide', async () => {
    stubFetch({ 'GET /api/v1/admin/claims/cl-1': one(claimDetail()) });
    renderConsole('/claims/cl-1/show');
    expect(
      await screen.findByText('Waiting for your decision: the courier did not answer by its deadline.'),
    ).toBeTruthy();
    expect(screen.getByText('The vase arrived in pieces')).toBeTruthy();
    for (const name of ['Photo 1', 'Photo 2', 'Proof of value 1']) {
      const image = screen.getByRole('img', { name });
      expect(image.closest('a')?.getAttribute('target')).toBe('_blank');
    }
    expect(screen.getByRole('img', { name: 'Photo 2' }).getAttribute('src')).toBe('/uploads/vase-2.png');
    expect(screen.getByRole('link', { name: '#1111aaaa' }).getAttribute('href')).toContain(
      '/orders/o-00000000-1111aaaa/show',
    );
    expect(
      screen.getByRole('link', { name: 'Casey Customer (customer@consign.example)' }).getAttribute('href'),
    ).toContain('/users/u-customer/show');
    expect(screen.getByRole('link', { name: 'Swift Couriers' }).getAttribute('href')).toContain(
      '/vendors/v-1/show',
    );
    expect(screen.getByText('£18.00')).toBeTruthy();
    expect(screen.getByText('£20.00')).toBeTruthy();
    expect(screen.getByText(/Thu, 15 Jan 2026, 23:59 \(missed, \d+ days ago\)/)).toBeTruthy();
    const timeline = screen.getByRole('list', { name: 'Claim timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Mon, 12 Jan 2026, 10:00: Submitted by the customer — Damage claim filed',
      'Mon, 12 Jan 2026, 10:00: With courier by Consign — Sent to the courier',
      'Fri, 16 Jan 2026, 00:05: Escalated by Consign — The courier did not answer by its deadline',
    ]);
    expect(screen.getByRole('button', { name: 'Decide' })).toBeTruthy();
  });

  it.each(CLAIM_STATUSES.map((status) => [status] as const))(
    'opens a %s claim, with Decide only while it waits for staff',
    async (status) => {
      const awaitsStaff = status === 'escalated' || status === 'rejected';
      const decided = status === 'paid';
      const record: AdminClaimDetail = claimDetail({
        status,
        awaitsStaff,
        courierNote: status === 'rejected' ? 'Signed for in good order' : null,
        courierEvidence: status === 'rejected' ? ['/uploads/signature.png'] : [],
        respondedAt: status === 'rejected' ? '2026-01-14T11:00:00.000Z' : null,
        amountAgreed: decided ? { amount: 900, currency: 'GBP' } : null,
        bearer: decided ? 'platform' : null,
        staffNote: decided ? 'Thin packaging: half' : null,
        decidedAt: decided ? '2026-01-17T09:00:00.000Z' : null,
        decidedByStaff: decided,
        paidAt: decided ? '2026-01-17T09:00:01.000Z' : null,
        proofOfValue: [],
      });
      stubFetch({ 'GET /api/v1/admin/claims/cl-1': one(record) });
      renderConsole('/claims/cl-1/show');
      expect(await screen.findByText('The vase arrived in pieces')).toBeTruthy();
      expect(
        screen.getAllByText(CLAIM_STATUS_FACTS[status].label, { selector: 'span' }).length,
      ).toBeGreaterThan(0);
      expect(screen.queryByRole('button', { name: 'Decide' }) !== null).toBe(awaitsStaff);
      if (status === 'rejected') {
        expect(screen.getByText('Waiting for your decision: the courier rejected it.')).toBeTruthy();
        expect(screen.getByText('Signed for in good order')).toBeTruthy();
        expect(screen.getByRole('img', { name: 'Courier’s evidence 1' })).toBeTruthy();
        expect(screen.getByText('Answered Wed, 14 Jan 2026, 11:00')).toBeTruthy();
      }
      if (decided) {
        expect(screen.getByText('£9.00')).toBeTruthy();
        expect(screen.getByText('The platform (goodwill)')).toBeTruthy();
        expect(screen.getByText('Thin packaging: half')).toBeTruthy();
        // Decided and paid in the same minute.
        expect(screen.getAllByText('Sat, 17 Jan 2026, 09:00')).toHaveLength(2);
      }
      // No files of a kind is said, not left blank.
      expect(screen.getAllByText('None').length).toBeGreaterThan(0);
    },
  );
});

describe('a claim’s PDF proof of value', () => {
  it('is a link to download it, never an image', async () => {
    stubFetch({
      'GET /api/v1/admin/claims/cl-1': one(claimDetail({ proofOfValue: ['/uploads/receipt.pdf'] })),
    });
    renderConsole('/claims/cl-1/show');
    const link = await screen.findByRole('link', { name: 'Proof of value (PDF)' });
    expect(link.getAttribute('href')).toBe('/uploads/receipt.pdf');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('img', { name: /Proof of value/ })).toBeNull();
    // Photos are still thumbnails.
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeTruthy();
  });
});

describe('deciding a claim', () => {
  async function openDecision() {
    fireEvent.click(await screen.findByRole('button', { name: 'Decide' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Decide claim #c1a1m001')).toBeTruthy();
    return dialog;
  }

  it('asks for a decision, an amount within the claim and a reason, then part accepts at the platform’s cost', async () => {
    const paid = claimDetail({
      status: 'paid',
      awaitsStaff: false,
      decidedByStaff: true,
      amountAgreed: { amount: 950, currency: 'GBP' },
      bearer: 'platform',
      staffNote: 'Thin packaging: half',
    });
    const { to } = stubFetch({
      'GET /api/v1/admin/claims/cl-1': [one(claimDetail()), one(paid)],
      'POST /api/v1/admin/claims/cl-1/decision': one(paid),
    });
    renderConsole('/claims/cl-1/show');
    const dialog = await openDecision();
    const send = within(dialog).getByRole('button', { name: 'Send decision' });

    fireEvent.click(send);
    expect(await within(dialog).findByText('Choose a decision')).toBeTruthy();
    expect(within(dialog).getByText('Give a reason for this change')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('radio', { name: 'Accept in full (£18.00)' }),
      ),
    );

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Accept part' }));
    // Who pays is asked once something is to be paid; the courier unless staff say otherwise.
    expect(
      (within(dialog).getByRole('radio', { name: 'The courier, from its earnings' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to pay (GBP)' });
    fireEvent.change(amount, { target: { value: '18' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Thin packaging: half' },
    });
    fireEvent.click(send);
    expect(await within(dialog).findByText('Enter an amount from £0.01 to £17.99')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(to('POST /api/v1/admin/claims/cl-1/decision')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '9.50' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'The platform, as goodwill' }));
    fireEvent.click(send);
    expect(await screen.findByText('Claim #c1a1m001: Paid')).toBeTruthy();
    const [post] = to('POST /api/v1/admin/claims/cl-1/decision');
    expect(JSON.parse(post!.body ?? '')).toEqual({
      decision: 'part_accept',
      amount: 950,
      bearer: 'platform',
      reason: 'Thin packaging: half',
    });
    // The page reads the claim again: decided, nothing left to decide.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Decide' })).toBeNull());
    expect(await screen.findByText('£9.50')).toBeTruthy();
  });

  it('rejects for good with only a reason, and shows the API’s refusal', async () => {
    const { to } = stubFetch({
      'GET /api/v1/admin/claims/cl-1': one(claimDetail()),
      'POST /api/v1/admin/claims/cl-1/decision': () => problem(409, 'Staff have already decided this claim'),
    });
    renderConsole('/claims/cl-1/show');
    const dialog = await openDecision();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Reject for good' }));
    expect(within(dialog).queryByRole('textbox', { name: /Amount to pay/ })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'The courier, from its earnings' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Photos show old damage' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send decision' }));
    expect(await screen.findByText('Staff have already decided this claim')).toBeTruthy();
    expect(JSON.parse(to('POST /api/v1/admin/claims/cl-1/decision')[0]!.body ?? '')).toEqual({
      decision: 'reject',
      reason: 'Photos show old damage',
    });
  });
});

describe('a claim paid beyond the order’s payment', () => {
  const failed = claimDetail({
    status: 'accepted',
    awaitsStaff: false,
    amountClaimed: { amount: 50_000, currency: 'GBP' },
    amountAgreed: { amount: 50_000, currency: 'GBP' },
    bearer: 'courier',
    payment: {
      refund: { amount: 900, currency: 'GBP' },
      refunded: true,
      payout: { amount: 49_100, currency: 'GBP' },
      payoutEmail: 'casey+fail@example.com',
      payoutStatus: 'failed',
      payoutFailure: 'FAILED: RECEIVER_UNREGISTERED',
    },
  });

  it('shows the refund and payout parts with their states, and retries a failed payout with a reason', async () => {
    const retried = claimDetail({
      ...failed,
      status: 'paid',
      payment: {
        ...failed.payment!,
        payoutStatus: 'paid',
        payoutFailure: null,
        payoutEmail: 'casey@example.com',
      },
    });
    const { to } = stubFetch({
      'GET /api/v1/admin/claims/cl-1': [one(failed), one(retried)],
      'POST /api/v1/admin/claims/cl-1/payout/retry': one(retried),
    });
    renderConsole('/claims/cl-1/show');
    expect(await screen.findByText('£9.00 refunded to the order’s payment (done)')).toBeTruthy();
    expect(screen.getByText('£491.00 by PayPal payout to casey+fail@example.com: failed')).toBeTruthy();
    expect(screen.getByText('PayPal’s reason: FAILED: RECEIVER_UNREGISTERED')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decide' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry payout' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Retry the payout of claim #c1a1m001')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'The customer fixed their PayPal account' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry payout' }));
    expect(await screen.findByText('Claim #c1a1m001: payout sent again')).toBeTruthy();
    expect(JSON.parse(to('POST /api/v1/admin/claims/cl-1/payout/retry')[0]!.body ?? '')).toEqual({
      reason: 'The customer fixed their PayPal account',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry payout' })).toBeNull());
    expect(await screen.findByText('£491.00 by PayPal payout to casey@example.com: paid')).toBeTruthy();
  });
});
