import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { list, one, problem, stubFetch } from '../test/fetchStub';
import { financeSummary, payoutBatch, payoutItem, vendorDetail, vendorFinance } from '../test/fixtures';
import { renderConsole } from '../test/renderConsole';
import { chartRows, periodLabel } from './CommissionChart';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('commission chart rows', () => {
  it('puts one row per period and a column per currency', () => {
    expect(
      chartRows([
        { period: '2026-03-09', currency: 'GBP', amount: 100 },
        { period: '2026-03-09', currency: 'EUR', amount: 50 },
        { period: '2026-03-16', currency: 'GBP', amount: 70 },
      ]),
    ).toEqual([
      { period: '2026-03-09', label: '9 Mar', GBP: 100, EUR: 50 },
      { period: '2026-03-16', label: '16 Mar', GBP: 70 },
    ]);
    expect(periodLabel('2026-03')).toBe('Mar 2026');
  });
});

describe('Finance page', () => {
  it('shows the books, the platform, courier balances, refunds and recent payouts', async () => {
    stubFetch({
      'GET /api/v1/admin/finance': one(financeSummary()),
      'GET /api/v1/admin/payouts': list([
        payoutBatch(),
        payoutBatch({ id: 'pb-2', status: 'processing', paid: 0, itemCount: 2 }),
        payoutBatch({ id: 'pb-3', status: 'denied', totals: [], itemCount: 0 }),
      ]),
    });
    renderConsole('/finance');
    expect(await screen.findByText(/^The books balance/)).toBeTruthy();
    const platform = screen.getByRole('region', { name: 'Platform, GBP' });
    expect(platform.textContent).toContain('Commission earned£4.00');
    expect(platform.textContent).toContain('Refunds the platform bore£1.50');
    expect(platform.textContent).toContain('Paid for unaccepted jobs£25.00');

    expect(rowsOf(screen.getByRole('table', { name: 'Courier balances' }))).toEqual([
      ['Swift Couriers', 'swift@paypal.example', '£10.80', '£21.60', '£12.34'],
      ['Highland Parcels', 'not set', '£0.00', '-£1.00', '£0.00'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Refunds by who bore them' }))).toEqual([
      ['The courier', '2', '£10.87'],
      ['The platform (goodwill)', '1', '£1.50'],
    ]);
    const payouts = await screen.findByRole('table', { name: 'Recent payouts' });
    expect(rowsOf(payouts).map((r) => r.slice(1))).toEqual([
      ['Completed', '1', '£12.34'],
      ['Processing', '2', '£12.34'],
      ['Denied', '0', '—'],
    ]);
  });

  it('charts commission by week, day and month, the numbers in a table', async () => {
    stubFetch({
      'GET /api/v1/admin/finance': one(financeSummary()),
      'GET /api/v1/admin/payouts': list([]),
    });
    renderConsole('/finance');
    const byWeek = await screen.findByRole('table', { name: 'Commission by week' });
    expect(rowsOf(byWeek)).toEqual([['9 Mar', '£3.70']]);
    fireEvent.click(screen.getByRole('button', { name: 'Day' }));
    expect(rowsOf(screen.getByRole('table', { name: 'Commission by day' }))).toEqual([
      ['9 Mar', '£1.20'],
      ['10 Mar', '£2.50'],
    ]);
    expect(screen.getByRole('button', { name: 'Day' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(rowsOf(screen.getByRole('table', { name: 'Commission by month' }))).toEqual([
      ['Mar 2026', '£3.70'],
    ]);
  });

  it('says when the books do not balance, and shows the empty states', async () => {
    stubFetch({
      'GET /api/v1/admin/finance': one(
        financeSummary({
          commission: { day: [], week: [], month: [] },
          platform: [],
          couriers: [],
          refunds: [],
          books: {
            ok: false,
            problems: ['GBP: entries sum to 100, expected 90'],
            totals: [],
            checkedAt: '2026-03-11T09:00:00.000Z',
          },
        }),
      ),
      'GET /api/v1/admin/payouts': list([]),
    });
    renderConsole('/finance');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The books do not balance');
    expect(alert.textContent).toContain('GBP: entries sum to 100, expected 90');
    expect(await screen.findByText('No commission earned in the last 90 days.')).toBeTruthy();
    expect(screen.getByText('No courier has earned anything yet.')).toBeTruthy();
    expect(screen.getByText('No refunds yet.')).toBeTruthy();
    expect(await screen.findByText('No payouts yet.')).toBeTruthy();
  });

  it('runs payouts after confirmation, with an idempotency key, and says what was paid', async () => {
    const stub = stubFetch({
      'GET /api/v1/admin/finance': one(financeSummary()),
      'GET /api/v1/admin/payouts': list([]),
      'POST /api/v1/admin/payouts': [
        () => ({
          body: {
            batch: payoutBatch({ itemCount: 2, totals: [{ amount: 3394, currency: 'GBP' }] }),
            resumed: 0,
          },
        }),
        () => ({ body: { batch: null, resumed: 0 } }),
        () => problem(409, 'A payout run is already under way'),
      ],
    });
    renderConsole('/finance');
    const run = await screen.findByRole('button', { name: 'Run payouts' });
    fireEvent.click(run);
    const dialog = await screen.findByRole('dialog', { name: 'Run payouts now?' });
    expect(stub.to('POST /api/v1/admin/payouts')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run payouts' }));
    expect(await screen.findByText('Payouts sent: 2 couriers, £33.94')).toBeTruthy();
    const [first] = stub.to('POST /api/v1/admin/payouts');
    expect(first?.body).toBe('{}');
    expect(first?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(stub.to('GET /api/v1/admin/finance')).toHaveLength(2));
    // The page behind is hidden from queries until the dialog has gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Run payouts' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run payouts' }));
    expect(await screen.findByText('Nobody is due a payout')).toBeTruthy();
    const keys = stub.to('POST /api/v1/admin/payouts').map((c) => c.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Run payouts' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run payouts' }));
    expect(await screen.findByText('A payout run is already under way')).toBeTruthy();
  });
});

describe('payouts', () => {
  it('lists batches of every status', async () => {
    stubFetch({
      'GET /api/v1/admin/payouts': list([
        payoutBatch(),
        payoutBatch({ id: 'pb-2', status: 'created', trigger: 'schedule', sentAt: null, closedAt: null }),
        payoutBatch({ id: 'pb-3', status: 'canceled', returned: 1, paid: 0 }),
      ]),
    });
    renderConsole('/payouts');
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(screen.getByText('Sending')).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByText('Schedule')).toBeTruthy();
    expect(screen.getAllByText('£12.34')).toHaveLength(3);
  });

  it('shows a batch with an item of every status and the reason one came back', async () => {
    stubFetch({
      'GET /api/v1/admin/payouts/pb-1': one(
        payoutBatch({
          itemCount: 4,
          items: [
            payoutItem(),
            payoutItem({ id: 'pi-2', status: 'queued', vendorName: 'Queued Co', settledAt: null }),
            payoutItem({ id: 'pi-3', status: 'pending', vendorName: 'Pending Co', settledAt: null }),
            payoutItem({
              id: 'pi-4',
              status: 'returned',
              vendorName: null,
              vendorId: 'v-9',
              reason: 'Unclaimed after 30 days',
            }),
          ],
        }),
      ),
    });
    renderConsole('/payouts/pb-1/show');
    const items = await screen.findByRole('table', { name: 'The couriers this batch pays' });
    expect(rowsOf(items).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['Swift Couriers', '£12.34', 'Paid'],
      ['Queued Co', '£12.34', 'Queued'],
      ['Pending Co', '£12.34', 'Pending'],
      ['v-9', '£12.34', 'Returned to balanceUnclaimed after 30 days'],
    ]);
    expect(within(items).getByText('Swift Couriers').closest('a')?.getAttribute('href')).toContain(
      '/vendors/v-1/show',
    );
  });
});

describe("a courier's money", () => {
  it('shows the commission, balance, payout account and payouts', async () => {
    stubFetch({
      'GET /api/v1/admin/vendors/v-1': one(vendorDetail()),
      'GET /api/v1/admin/vendors/v-1/finance': one(
        vendorFinance({
          payouts: [
            ...vendorFinance().payouts,
            {
              ...vendorFinance().payouts[0]!,
              id: 'pi-2',
              status: 'returned',
              reason: 'Receiver unregistered',
            },
          ],
        }),
      ),
    });
    renderConsole('/vendors/v-1/show');
    const money = await screen.findByRole('region', { name: 'Money' });
    expect(money.textContent).toContain('Commission: the default (10%)');
    expect(rowsOf(within(money).getByRole('table', { name: 'Balance' }))).toEqual([
      ['GBP', '£10.80', '£21.60', '£12.34'],
    ]);
    expect(money.textContent).toContain('Payout account: swift@paypal.example');
    expect(rowsOf(within(money).getByRole('table', { name: 'Payouts' })).map((r) => r.slice(1))).toEqual([
      ['£12.34', 'Paid'],
      ['£12.34', 'Returned to balanceReceiver unregistered'],
    ]);
  });

  it('sets the commission with a reason, showing the API’s refusal, with one key per dialog', async () => {
    const stub = stubFetch({
      'GET /api/v1/admin/vendors/v-1': one(vendorDetail()),
      'GET /api/v1/admin/vendors/v-1/finance': one(vendorFinance()),
      'PUT /api/v1/admin/vendors/v-1/commission': [
        () =>
          problem(422, 'The request is not valid', {
            errors: [{ path: 'percent', message: 'The percentage must be at most 100' }],
          }),
        () => ({
          body: vendorFinance({
            commission: {
              percentBp: 1250,
              fixed: 30,
              custom: true,
              updatedAt: '2026-03-11T09:00:00.000Z',
              defaultRate: { percentBp: 1000, fixed: 0 },
            },
          }),
        }),
      ],
    });
    renderConsole('/vendors/v-1/show');
    const money = await screen.findByRole('region', { name: 'Money' });
    fireEvent.click(within(money).getByRole('button', { name: 'Set commission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the commission of Swift Couriers' });
    fireEvent.change(within(dialog).getByLabelText('Percentage'), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give a reason for this change')).toBeTruthy();
    expect(stub.to('PUT /api/v1/admin/vendors/v-1/commission')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Launch partner' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/percent: The percentage must be at most 100/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Percentage'), { target: { value: '12.5' } });
    fireEvent.change(within(dialog).getByLabelText('Fixed part (pence)'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Commission of Swift Couriers saved')).toBeTruthy();
    const puts = stub.to('PUT /api/v1/admin/vendors/v-1/commission');
    expect(JSON.parse(puts[1]!.body!)).toEqual({ reason: 'Launch partner', percent: 12.5, fixed: 30 });
    expect(puts[0]!.headers.get('Idempotency-Key')).toBe(puts[1]!.headers.get('Idempotency-Key'));
    await waitFor(() => expect(money.textContent).toContain('Commission: 12.5% + £0.30, set'));
  });

  it('shows a courier with no payout account and no payouts', async () => {
    stubFetch({
      'GET /api/v1/admin/vendors/v-1': one(vendorDetail()),
      'GET /api/v1/admin/vendors/v-1/finance': one(
        vendorFinance({
          payouts: [],
          payoutAccount: { paypalEmail: null, verifiedAt: null, pendingEmail: 'new@paypal.example' },
        }),
      ),
    });
    renderConsole('/vendors/v-1/show');
    const money = await screen.findByRole('region', { name: 'Money' });
    expect(money.textContent).toContain(
      'Payout account: No PayPal email confirmed (waiting for the code sent to new@paypal.example)',
    );
    expect(within(money).getByText('No payouts yet.')).toBeTruthy();
  });
});
