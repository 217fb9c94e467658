import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { referenceData } from '../../test/bookingFixtures';
import { customer, sessionFor, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';
import type { Batch, BatchRow } from './batches-api';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
  'GET /api/v1/meta': { body: referenceData },
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
