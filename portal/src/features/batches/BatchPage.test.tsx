import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/payment/browser';
import { referenceData } from '../../test/bookingFixtures';
import { customer, outboxMeta, sessionFor, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';
import type { Batch, BatchRow } from './batches-api';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/meta/auth': { body: { ...outboxMeta, paymentsProvider: 'test' } },
};

const choice = {
  courierServiceId: 's1',
  serviceName: 'Next Day',
  vendorId: 'v1',
  vendorName: 'Acme',
  currency: 'GBP',
  net: 1000,
  vat: 200,
  coverFee: 0,
  total: 1200,
  estimatedDelivery: '2026-03-12',
  by: 'cheapest' as const,
  note: null,
};

const row = (position: number, over: Partial<BatchRow> = {}): BatchRow => ({
  id: `r${position}`,
  position,
  line: position + 1,
  status: 'valid',
  cells: { reference: `ORDER-${position}`, recipient_name: 'Robin Reader', recipient_postcode: 'SW1A 1AA' },
  errors: [],
  choice,
  amount: 1200,
  orderId: null,
  order: null,
  failure: null,
  ...over,
});

const invalid = row(2, {
  status: 'invalid',
  choice: null,
  amount: null,
  cells: { reference: 'ORDER-2', recipient_name: 'Robin Reader', recipient_postcode: 'ZZ1' },
  errors: [
    { path: 'rows.2.recipient_postcode', column: 'recipient_postcode', message: 'Enter a valid UK postcode' },
  ],
});

const batch = (rows: BatchRow[]): Batch => {
  const counts = { total: rows.length, valid: 0, invalid: 0, dropped: 0, paid: 0, booked: 0, failed: 0 };
  for (const r of rows) counts[r.status] += 1;
  return {
    id: 'b1',
    name: 'Monday',
    source: 'csv',
    rule: 'cheapest',
    preferredCourier: null,
    fallback: 'cheapest',
    createdAt: '2026-03-10T10:00:00Z',
    counts,
    payable: { amount: counts.valid * 1200, currency: 'GBP' },
    rows,
    receipts: [],
  };
};

describe('a batch preview', () => {
  it('shows every status, and a fixed row turns ready', async () => {
    const rows = [
      row(1),
      invalid,
      row(3, { status: 'dropped' }),
      row(4, { status: 'paid' }),
      row(5, { status: 'booked', orderId: 'o1' }),
      row(6, { status: 'failed', failure: 'The service stopped taking parcels' }),
    ];
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/batches/b1': { body: batch(rows) },
      'PATCH /api/v1/batches/b1/rows/r2': {
        body: batch(
          rows.map((r) => (r.id === 'r2' ? row(2, { cells: { recipient_postcode: 'SW1A 2AA' } }) : r)),
        ),
      },
    });
    renderApp('/batches/b1');
    expect(await screen.findByRole('heading', { name: 'Monday' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Rows of the batch' });
    const labels = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('batches-row'))
      .map((li) => li.querySelector('.batches-status')?.textContent);
    expect(labels).toEqual(['Ready', 'Needs fixing', 'Dropped', 'Paid', 'Booked', 'Failed']);
    expect(screen.getByText('The service stopped taking parcels')).toBeTruthy();

    const second = screen.getByRole('listitem', { name: 'Row 2 (ORDER-2)' });
    expect(within(second).getByText('Enter a valid UK postcode')).toBeTruthy();
    await userEvent.click(within(second).getByRole('button', { name: 'Fix' }));
    const field = within(second).getByLabelText('Recipient postcode');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await userEvent.clear(field);
    await userEvent.type(field, 'SW1A 2AA');
    await userEvent.click(within(second).getByRole('button', { name: 'Save and check' }));
    await waitFor(() => expect(within(second).getByText('Ready')).toBeTruthy());
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ cells: { recipient_postcode: 'SW1A 2AA' } });
  });

  it('drops a row', async () => {
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/batches/b1': { body: batch([row(1)]) },
      'DELETE /api/v1/batches/b1/rows/r1': { body: batch([row(1, { status: 'dropped' })]) },
    });
    renderApp('/batches/b1');
    const first = await screen.findByRole('listitem', { name: 'Row 1 (ORDER-1)' });
    await userEvent.click(within(first).getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(within(first).getByText('Dropped')).toBeTruthy());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('lists batches, with an empty state', async () => {
    stubFetch({ ...signedIn, 'GET /api/v1/batches': { body: { items: [] } } });
    renderApp('/batches');
    expect(await screen.findByText('No batches yet: upload a file above.')).toBeTruthy();
    expect(screen.getByLabelText('CSV file')).toBeTruthy();
  });
});

/** Row `position` booked as an order with its tracking code. */
const booked = (position: number, status = 'pending'): BatchRow =>
  row(position, {
    status: 'booked',
    orderId: `r${position}`,
    order: {
      id: `r${position}`,
      reference: `#0000000${position}`,
      status,
      trackingCode: `TRK${position}CODE`,
      trackingNumber: `CSG00000000${position}`,
      trackingUrl: `http://localhost/track/TRK${position}CODE`,
    },
  });

/** Downloads land here (the anchor's file name) instead of the browser's downloads. */
function catchDownloads(): string[] {
  const saved: string[] = [];
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:file';
      static override revokeObjectURL = () => undefined;
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('paying for a batch and its results', () => {
  it('sends the buyer to the TEST MODE approval page for the ready rows', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const approveUrl = 'http://127.0.0.1/api/v1/test-payments/TEST1/approve';
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/batches/b1': { body: batch([row(1), row(2), invalid]) },
      'POST /api/v1/batches/b1/payment': { body: { provider: 'test', providerOrderId: 'TEST1', approveUrl } },
    });
    renderApp('/batches/b1');
    const pay = await screen.findByRole('region', { name: 'Pay for the ready rows' });
    expect(pay.textContent).toContain('2 ready rows: £24.00, one payment. 1 other row left out');
    expect(await within(pay).findByText('TEST MODE: no real money moves')).toBeTruthy();
    const downloads = screen.getByRole('region', { name: 'Downloads' });
    expect(within(downloads).getByText('The labels are ready once rows are paid and booked.')).toBeTruthy();
    expect(
      within(downloads).getByText('The VAT receipt, a line for each row, is issued once the batch is paid.'),
    ).toBeTruthy();
    await userEvent.click(within(pay).getByRole('button', { name: 'Pay with the TEST MODE provider' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(approveUrl));
    expect(calls.filter((c) => c.path.startsWith('/api/v1/batches/b1/')).map((c) => c.path)).toEqual([
      '/api/v1/batches/b1/payment',
    ]);
  });

  it("takes the payment on return and shows each row's order, status and tracking link", async () => {
    const paid = batch([booked(1), invalid, booked(3, 'collected')]);
    let captured = false;
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/batches/b1': () => ({ body: captured ? paid : batch([row(1), invalid, row(3)]) }),
      'POST /api/v1/batches/b1/payment/capture': () => {
        captured = true;
        return { body: paid };
      },
      'GET /api/v1/batches': { body: { items: [] } },
    });
    const { router } = renderApp('/batches/b1?batch=b1&approved=1&token=TEST1');
    const first = await screen.findByRole('listitem', { name: 'Row 1 (ORDER-1)' });
    await waitFor(() => expect(within(first).getByText('Booked')).toBeTruthy());
    expect(within(first).getByRole('button', { name: 'Order #00000001' })).toBeTruthy();
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Track TRK1CODE' }).getAttribute('href')).toBe(
      '/track/TRK1CODE',
    );
    const third = screen.getByRole('listitem', { name: 'Row 3 (ORDER-3)' });
    expect(within(third).getByText('Collected')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.filter((c) => c.path.endsWith('/capture'))).toHaveLength(1);
    const pay = screen.getByRole('region', { name: 'Pay for the ready rows' });
    expect(await within(pay).findByText(/Every ready row is paid for/)).toBeTruthy();
    expect(within(pay).queryByRole('button')).toBeNull();
  });

  it('shows progress while paid rows are booked, then the booked rows', async () => {
    let asked = 0;
    stubFetch({
      ...signedIn,
      'GET /api/v1/batches/b1': () => {
        asked += 1;
        return {
          body: asked === 1 ? batch([booked(1), row(2, { status: 'paid' })]) : batch([booked(1), booked(2)]),
        };
      },
    });
    renderApp('/batches/b1');
    const progress = await screen.findByRole('region', { name: 'Booking the paid rows' });
    expect(within(progress).getByRole('progressbar', { name: 'Booking the paid rows' })).toBeTruthy();
    expect(within(progress).getByText(/1 of 2 paid rows booked/)).toBeTruthy();
    // The page asks again by itself until no row is left to book.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Booking the paid rows' })).toBeNull(), {
      timeout: 5000,
    });
    expect(asked).toBe(2);
  });

  it('retries a failed row', async () => {
    const failed = row(1, { status: 'failed', failure: 'The service is no longer available' });
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/batches/b1': { body: batch([failed]) },
      'POST /api/v1/batches/b1/rows/r1/retry': { body: batch([row(1)]) },
    });
    renderApp('/batches/b1');
    const first = await screen.findByRole('listitem', { name: 'Row 1 (ORDER-1)' });
    expect(within(first).getByRole('alert').textContent).toContain('The service is no longer available');
    expect(within(first).queryByRole('button', { name: 'Fix' })).toBeNull();
    await userEvent.click(within(first).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(first).getByText('Ready')).toBeTruthy());
    expect(calls.some((c) => c.path === '/api/v1/batches/b1/rows/r1/retry')).toBe(true);
  });

  it('downloads the results and the labels in each format', async () => {
    const saved = catchDownloads();
    const file = (name: string, type: string) => ({
      body: 'x',
      headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
    });
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/batches/b1': {
        body: {
          ...batch([booked(1), booked(2)]),
          receipts: [
            { number: 'R-000007', amount: 2400, currency: 'GBP', issuedAt: '2026-03-10T10:00:00Z', rows: 2 },
          ],
        },
      },
      'GET /api/v1/batches/b1/results.csv': file('consign-batch-b1-results.csv', 'text/csv'),
      'GET /api/v1/batches/b1/receipt.pdf': (call) =>
        file(`consign-receipt-${call.query.get('number')}.pdf`, 'application/pdf'),
      'GET /api/v1/batches/b1/labels': (call) =>
        file(`consign-labels-${call.query.get('format')}.pdf`, 'application/pdf'),
    });
    renderApp('/batches/b1');
    const downloads = await screen.findByRole('region', { name: 'Downloads' });
    await userEvent.click(within(downloads).getByRole('button', { name: 'Results (CSV)' }));
    const labels = within(downloads).getByRole('group', { name: 'Labels' });
    for (const name of [
      'A4 sheets, four to a page (PDF)',
      '4x6 inch labels (PDF)',
      'Thermal printer (ZPL)',
    ]) {
      const button = within(labels).getByRole('button', { name });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      await userEvent.click(button);
    }
    const receipts = within(downloads).getByRole('group', { name: 'VAT receipts' });
    const receipt = within(receipts).getByRole('button', { name: 'Receipt R-000007: £24.00, 2 rows (PDF)' });
    await waitFor(() => expect((receipt as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(receipt);
    await waitFor(() => expect(saved).toHaveLength(5));
    expect(saved).toEqual([
      'consign-batch-b1-results.csv',
      'consign-labels-pdf-a4.pdf',
      'consign-labels-pdf-4x6.pdf',
      'consign-labels-zpl.pdf',
      'consign-receipt-R-000007.pdf',
    ]);
    expect(calls.filter((c) => c.path.endsWith('/labels')).map((c) => c.query.get('format'))).toEqual([
      'pdf-a4',
      'pdf-4x6',
      'zpl',
    ]);
  });
});
