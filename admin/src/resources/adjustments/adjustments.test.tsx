import { ADJUSTMENT_STATUSES } from '@consign/shared/statuses';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { list, one, problem, stubFetch } from '../../test/fetchStub';
import { adjustment } from '../../test/fixtures';
import { renderConsole } from '../../test/renderConsole';
import type { AdjustmentStatus } from '../../types';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

const LABELS: Record<AdjustmentStatus, string> = {
  awaiting_customer: 'Awaiting the customer',
  accepted: 'Accepted, to pay',
  disputed: 'Disputed',
  upheld: 'Upheld, to pay',
  overturned: 'Overturned',
  paid: 'Paid',
};

/** One adjustment of every status the API answers, the first the oldest. */
const everyStatus = () =>
  ADJUSTMENT_STATUSES.map((status, i) =>
    adjustment({
      id: `adj-${status}`,
      orderReference: `#0000000${i}`,
      status,
      difference: { amount: 100 + i, currency: 'GBP' },
    }),
  );

describe('the adjustments queue', () => {
  it('opens on the disputed adjustments, oldest first, and shows every status with its age and parties', async () => {
    const { to } = stubFetch({ 'GET /api/v1/admin/adjustments': list(everyStatus()) });
    renderConsole('/adjustments');
    expect(await screen.findByText('#00000000')).toBeTruthy();
    const query = new URL(to('GET /api/v1/admin/adjustments')[0]!.url, 'http://x').searchParams;
    expect(JSON.parse(query.get('filter') ?? '{}')).toEqual({ status: 'disputed' });
    expect(query.get('sort')).toBe('["createdAt","ASC"]');
    for (const label of Object.values(LABELS)) {
      expect(screen.getByText(label, { selector: 'td *' })).toBeTruthy();
    }
    const row = screen.getByText('#00000002').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('£1.02');
    expect(row.textContent).toMatch(/\d+ (days|months|years) ago/);
    expect(row.textContent).toContain('Swift Couriers');
    expect(row.textContent).toContain('Casey Customer');
  });

  it('lists a single adjustment and says so when the queue is empty', async () => {
    stubFetch({ 'GET /api/v1/admin/adjustments': [list([adjustment()]), list([])] });
    renderConsole('/adjustments');
    expect(await screen.findByText('#2222bbbb')).toBeTruthy();
    cleanup();
    renderConsole('/adjustments');
    expect(await screen.findByText(/No Adjustments found using the current filters/)).toBeTruthy();
  });
});

describe('an adjustment’s page', () => {
  it('shows the booked and measured figures, the photo and the dispute, and offers the decision', async () => {
    stubFetch({ 'GET /api/v1/admin/adjustments/adj-1': one(adjustment()) });
    renderConsole('/adjustments/adj-1/show');
    expect(await screen.findByText('Waiting for your decision: the customer disputed it.')).toBeTruthy();
    expect(screen.getByText('30 × 20 × 10 cm, 2 kg')).toBeTruthy();
    expect(screen.getByText('30 × 20 × 10 cm, 4 kg')).toBeTruthy();
    expect(screen.getByText('2 kg')).toBeTruthy();
    expect(screen.getByText('4 kg')).toBeTruthy();
    expect(screen.getByText('£60.00')).toBeTruthy();
    expect(screen.getByText('£78.00')).toBeTruthy();
    expect(screen.getByText('£18.00')).toBeTruthy();
    const photo = screen.getByRole('img', { name: 'Photo 1' });
    expect(photo.getAttribute('src')).toBe('/uploads/scales.png');
    expect(photo.closest('a')?.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Weighed 4 kg on the depot scales')).toBeTruthy();
    expect(screen.getByText('It weighed 2 kg on my kitchen scales before I booked')).toBeTruthy();
    expect(screen.getByRole('link', { name: '#2222bbbb' }).getAttribute('href')).toContain(
      '/orders/o-00000000-2222bbbb/show',
    );
    expect(
      screen.getByRole('link', { name: 'Casey Customer (customer@consign.example)' }).getAttribute('href'),
    ).toContain('/users/u-customer/show');
    expect(screen.getByRole('link', { name: 'Swift Couriers' }).getAttribute('href')).toContain(
      '/vendors/v-1/show',
    );
    expect(screen.getByRole('button', { name: 'Uphold' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Overturn' })).toBeTruthy();
  });

  it.each(ADJUSTMENT_STATUSES.map((status) => [status] as const))(
    'opens a %s adjustment, with the decision only while it is disputed',
    async (status) => {
      const decided = status === 'upheld' || status === 'overturned' || status === 'paid';
      stubFetch({
        'GET /api/v1/admin/adjustments/adj-1': one(
          adjustment({
            status,
            photos: status === 'paid' ? [] : ['/uploads/scales.png'],
            disputeReason: status === 'accepted' ? null : 'Too heavy? No',
            staffNote: decided ? 'The depot photo shows 4 kg' : null,
            decidedAt: decided ? '2026-01-14T09:00:00.000Z' : null,
          }),
        ),
      });
      renderConsole('/adjustments/adj-1/show');
      expect(await screen.findByText('Weighed 4 kg on the depot scales')).toBeTruthy();
      expect(screen.getAllByText(LABELS[status], { selector: 'span' }).length).toBeGreaterThan(0);
      expect(screen.queryByRole('button', { name: 'Uphold' }) !== null).toBe(status === 'disputed');
      if (decided) expect(screen.getByText('The depot photo shows 4 kg')).toBeTruthy();
      if (status === 'paid') expect(screen.getByText('None')).toBeTruthy();
    },
  );
});

describe('deciding an adjustment', () => {
  it('asks for a reason, then upholds it and reads the adjustment again', async () => {
    const upheld = adjustment({ status: 'upheld', payable: true, staffNote: 'Calibrated scales' });
    const { to } = stubFetch({
      'GET /api/v1/admin/adjustments/adj-1': [one(adjustment()), one(upheld)],
      'POST /api/v1/admin/adjustments/adj-1/decision': one(upheld),
    });
    renderConsole('/adjustments/adj-1/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Uphold' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Uphold adjustment #ad1u5t01?')).toBeTruthy();
    expect(within(dialog).getByText(/owes the difference of £18.00/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Uphold' }));
    expect(await within(dialog).findByText('Give a reason for this change')).toBeTruthy();
    expect(to('POST /api/v1/admin/adjustments/adj-1/decision')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Calibrated scales' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Uphold' }));
    expect(
      await screen.findByText('Adjustment #ad1u5t01 upheld: the customer owes the difference'),
    ).toBeTruthy();
    expect(JSON.parse(to('POST /api/v1/admin/adjustments/adj-1/decision')[0]!.body ?? '')).toEqual({
      decision: 'uphold',
      reason: 'Calibrated scales',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Uphold' })).toBeNull());
    expect(await screen.findByText('Upheld, to pay', { selector: 'span' })).toBeTruthy();
  });

  it('overturns with a reason, and shows the API’s refusal', async () => {
    const { to } = stubFetch({
      'GET /api/v1/admin/adjustments/adj-1': one(adjustment()),
      'POST /api/v1/admin/adjustments/adj-1/decision': () =>
        problem(409, 'An adjustment that is overturned cannot be overturned'),
    });
    renderConsole('/adjustments/adj-1/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Overturn' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'The customer’s receipt shows 2 kg' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overturn' }));
    expect(await screen.findByText('An adjustment that is overturned cannot be overturned')).toBeTruthy();
    expect(JSON.parse(to('POST /api/v1/admin/adjustments/adj-1/decision')[0]!.body ?? '')).toEqual({
      decision: 'overturn',
      reason: 'The customer’s receipt shows 2 kg',
    });
  });
});
