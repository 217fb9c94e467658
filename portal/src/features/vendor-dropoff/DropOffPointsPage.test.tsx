import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { referenceData } from '../../test/bookingFixtures';
import { activeVendor, service, vendorSession, vendorUser } from '../../test/courierFixtures';
import { problemResponse, type StubResponse, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';
import { pointFixture } from './vendorDropoffFixtures';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: vendorSession },
  'GET /api/v1/users/me': { body: { ...vendorUser, phone: null, address: null, avatarUrl: null } },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/vendors/me': { body: activeVendor },
  'GET /api/v1/couriers': {
    body: {
      items: [
        service({ id: 'cs_drop', name: 'Express 24', handover: 'drop_off' }),
        service({ id: 'cs_both', name: 'Economy', handover: 'both' }),
        service({ id: 'cs_door', name: 'Door to door', handover: 'collection' }),
      ],
    },
  },
};

/** A CSV file as a browser hands it over (jsdom's File has no text()). */
function csvFile(text: string): File {
  return Object.assign(new File([text], 'points.csv', { type: 'text/csv' }), { text: async () => text });
}

const suspended = pointFixture({
  id: 'p_lockers',
  code: 'LOCKERS',
  name: 'Waterloo Lockers',
  address: { line1: '3 York Road', line2: 'Unit 4', town: 'London', postcode: 'SE1 7PB' },
  serviceIds: ['cs_drop', 'cs_both'],
  closedDates: [],
  status: 'suspended',
  suspendedReason: 'Parcels left outside',
});

describe('the courier’s drop-off points', () => {
  it('says there are none yet, with the ways to add them', async () => {
    stubFetch({ ...signedIn, 'GET /api/v1/vendor/dropoff-points': { body: { items: [] } } });
    renderApp('/vendor-dropoff-points');
    expect(await screen.findByRole('heading', { name: 'No drop-off points yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a point' }).getAttribute('href')).toBe(
      '/vendor-dropoff-points/new',
    );
    expect(screen.getByLabelText('CSV file')).toBeTruthy();
  });

  it('lists each point with its status, services, hours and closed dates', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/dropoff-points': { body: { items: [pointFixture(), suspended] } },
    });
    renderApp('/vendor-dropoff-points');
    expect(await screen.findByRole('heading', { name: '2 points' })).toBeTruthy();
    const kiosk = screen.getByRole('heading', { name: /Palace Kiosk/ }).closest('li') as HTMLElement;
    expect(within(kiosk).getByText('Active')).toBeTruthy();
    expect(within(kiosk).getByText('2 The Mall, London, SW1A 2AA')).toBeTruthy();
    expect(await within(kiosk).findByText('Express 24')).toBeTruthy();
    expect(within(kiosk).getByText('2026-12-25 (Christmas Day)')).toBeTruthy();
    expect(within(kiosk).getByRole('row', { name: 'Monday 09:00–17:30' })).toBeTruthy();
    const lockers = screen.getByRole('heading', { name: /Waterloo Lockers/ }).closest('li') as HTMLElement;
    expect(within(lockers).getByText('Suspended')).toBeTruthy();
    expect(within(lockers).getByText(/Suspended by Consign: Parcels left outside/)).toBeTruthy();
    expect(within(lockers).getByText('Express 24, Economy')).toBeTruthy();
    expect(within(lockers).getByRole('link', { name: 'Edit Waterloo Lockers' }).getAttribute('href')).toBe(
      '/vendor-dropoff-points/p_lockers/edit',
    );
  });

  it('closes a point after asking, and lists what remains', async () => {
    const user = userEvent.setup();
    let closed = false;
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/dropoff-points': () => ({
        body: { items: closed ? [suspended] : [pointFixture(), suspended] },
      }),
      'DELETE /api/v1/vendor/dropoff-points/p_kiosk': () => {
        closed = true;
        return { status: 204 };
      },
    });
    renderApp('/vendor-dropoff-points');
    await user.click(await screen.findByRole('button', { name: 'Close Palace Kiosk' }));
    const dialog = await findOpened('dialog', 'Close this drop-off point?');
    await user.click(within(dialog).getByRole('button', { name: 'Close the point' }));
    expect(await screen.findByText(/Palace Kiosk is closed: customers booked there/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '1 point' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('imports a file with a bad line: every line’s problems shown, nothing saved', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/dropoff-points': { body: { items: [] } },
      'POST /api/v1/vendor/dropoff-points/import': problemResponse(
        422,
        '2 problem(s) in the file; nothing was saved',
        {
          errors: [
            {
              path: 'rows.3.postcode',
              message: 'Line 3, postcode: Enter a valid UK postcode, such as SW1A 1AA',
            },
            { path: 'rows.3.services', message: 'Line 3, services: you have no service called Post' },
          ],
        },
      ),
    });
    renderApp('/vendor-dropoff-points');
    await user.upload(await screen.findByLabelText('CSV file'), csvFile('code,name\nA,B\nC,D\n'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const problems = await screen.findByText('1 line of points.csv cannot be imported; nothing was saved.');
    const box = problems.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByText('Line 3')).toBeTruthy();
    expect(
      within(box).getByText('Line 3, postcode: Enter a valid UK postcode, such as SW1A 1AA'),
    ).toBeTruthy();
    expect(within(box).getByText('Line 3, services: you have no service called Post')).toBeTruthy();
    expect(await screen.findByText('Nothing was imported from points.csv')).toBeTruthy();
    const imports = calls.filter((c) => c.path.endsWith('/import'));
    expect(imports).toHaveLength(1);
    expect(imports[0]?.body).toEqual({ text: 'code,name\nA,B\nC,D\n', dryRun: true });
  });

  it('checks, then saves, showing progress and a summary', async () => {
    const user = userEvent.setup();
    let release: (value: StubResponse) => void = () => undefined;
    let saved = false;
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/dropoff-points': () => ({
        body: { items: saved ? [pointFixture(), suspended] : [] },
      }),
      'POST /api/v1/vendor/dropoff-points/import': (call) => {
        const result = {
          dryRun: (call.body as { dryRun: boolean }).dryRun,
          created: 1,
          updated: 1,
          items: [],
        };
        if (result.dryRun) return { body: result };
        return new Promise<StubResponse>((resolve) => {
          release = (value) => {
            saved = true;
            resolve(value);
          };
        }).then(() => ({ body: result }));
      },
    });
    renderApp('/vendor-dropoff-points');
    await user.upload(await screen.findByLabelText('CSV file'), csvFile('x'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Saving the points (points.csv), step 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importing…' }).hasAttribute('disabled')).toBe(true);
    release({});
    expect(await screen.findByText('Imported 2 points: 1 new, 1 updated')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '2 points' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Importing…' })).toBeNull());
  });
});
