import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { referenceData } from '../../test/bookingFixtures';
import { activeVendor, service, vendorSession, vendorUser } from '../../test/courierFixtures';
import { problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';
import { pointFixture } from './vendorDropoffFixtures';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: vendorSession },
  'GET /api/v1/users/me': { body: { ...vendorUser, phone: null, address: null, avatarUrl: null } },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/vendors/me': { body: activeVendor },
  'GET /api/v1/vendor/dropoff-points': { body: { items: [] } },
  'GET /api/v1/couriers': {
    body: {
      items: [
        service({ id: 'cs_drop', name: 'Express 24', handover: 'drop_off' }),
        service({ id: 'cs_door', name: 'Door to door', handover: 'collection' }),
      ],
    },
  },
};

/** Types a value in one go (pasted), which keeps the long form quick on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** The new-point form filled in, with the postcode and Monday given. */
async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  given: { postcode: string; monday: string },
) {
  const form = await screen.findByRole('form', { name: 'Add a drop-off point' });
  await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Palace Kiosk');
  await fill(user, within(form).getByRole('textbox', { name: 'Street' }), '2 The Mall');
  await fill(user, within(form).getByRole('textbox', { name: 'Town' }), 'London');
  await fill(user, within(form).getByRole('textbox', { name: 'Postcode' }), given.postcode);
  await fill(user, within(form).getByLabelText('Monday'), given.monday);
  await fill(user, within(form).getByLabelText('Saturday'), '09:00-12:00 13:00-17:00');
  await fill(user, within(form).getByLabelText('Closed dates'), '2026-12-25 Christmas Day');
  await fill(user, within(form).getByLabelText('Heaviest parcel (kg)'), '5');
  await user.click(await within(form).findByRole('checkbox', { name: 'Express 24' }));
  return form;
}

describe('the drop-off point form', () => {
  it('shows each missing field’s error beside it and focuses the first', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch(signedIn);
    renderApp('/vendor-dropoff-points/new');
    const form = await screen.findByRole('form', { name: 'Add a drop-off point' });
    expect(await within(form).findByRole('checkbox', { name: 'Express 24' })).toBeTruthy();
    // A service collected from the door only is not offered.
    expect(within(form).queryByRole('checkbox', { name: 'Door to door' })).toBeNull();
    await fill(user, within(form).getByLabelText('Friday'), '9 till 5');
    await user.click(within(form).getByRole('button', { name: 'Publish point' }));
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(within(form).getByLabelText('Friday').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Write Friday’s openings as 09:00-17:30, or leave it empty')).toBeTruthy();
    expect(screen.getByText('Choose at least one service the point takes parcels for')).toBeTruthy();
    expect(screen.getByText('7 fields need your attention before the point can be saved.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/vendor/dropoff-points' && c.method === 'POST')).toBe(false);
  });

  it('shows the API’s refusals beside their fields and focuses the first', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...signedIn,
      'POST /api/v1/vendor/dropoff-points': problemResponse(422, 'Invalid address, openingHours', {
        errors: [
          { path: 'address.postcode', message: 'Enter a valid UK postcode, such as SW1A 1AA' },
          { path: 'openingHours.monday.0.closes', message: 'Closing time must be after opening time' },
        ],
      }),
    });
    renderApp('/vendor-dropoff-points/new');
    const form = await fillForm(user, { postcode: 'XX1', monday: '17:30-09:00' });
    await user.click(within(form).getByRole('button', { name: 'Publish point' }));
    expect(await within(form).findByText('Enter a valid UK postcode, such as SW1A 1AA')).toBeTruthy();
    expect(within(form).getByText('Closing time must be after opening time')).toBeTruthy();
    expect(within(form).getByLabelText('Monday').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Postcode' })),
    );
  });

  it('publishes a point with its hours, closed dates and services', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...signedIn,
      'POST /api/v1/vendor/dropoff-points': { status: 201, body: pointFixture() },
    });
    renderApp('/vendor-dropoff-points/new');
    const form = await fillForm(user, { postcode: 'SW1A 2AA', monday: '9:00-17:30' });
    await user.click(within(form).getByRole('button', { name: 'Publish point' }));
    expect(await screen.findByText('Palace Kiosk published')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Drop-off Points' })).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/vendor/dropoff-points');
    expect(posts.map((c) => c.body)).toEqual([
      {
        name: 'Palace Kiosk',
        address: { line1: '2 The Mall', town: 'London', postcode: 'SW1A 2AA' },
        openingHours: {
          monday: [{ opens: '09:00', closes: '17:30' }],
          tuesday: [],
          wednesday: [],
          thursday: [],
          friday: [],
          saturday: [
            { opens: '09:00', closes: '12:00' },
            { opens: '13:00', closes: '17:00' },
          ],
          sunday: [],
        },
        closedDates: [{ date: '2026-12-25', reason: 'Christmas Day' }],
        maxWeightKg: 5,
        serviceIds: ['cs_drop'],
      },
    ]);
  });

  it('edits a point with its saved values filled in', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/dropoff-points/p_kiosk': { body: pointFixture() },
      'PATCH /api/v1/vendor/dropoff-points/p_kiosk': (call) => ({
        body: pointFixture({ maxWeightKg: (call.body as { maxWeightKg: number }).maxWeightKg }),
      }),
    });
    renderApp('/vendor-dropoff-points/p_kiosk/edit');
    const form = await screen.findByRole('form', { name: 'Edit Palace Kiosk' });
    expect((within(form).getByLabelText('Monday') as HTMLInputElement).value).toBe('09:00-17:30');
    expect((within(form).getByLabelText('Closed dates') as HTMLInputElement).value).toBe(
      '2026-12-25 Christmas Day',
    );
    expect(
      ((await within(form).findByRole('checkbox', { name: 'Express 24' })) as HTMLInputElement).checked,
    ).toBe(true);
    const weight = within(form).getByLabelText('Heaviest parcel (kg)');
    await fill(user, weight, '12.5');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Palace Kiosk saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ maxWeightKg: 12.5, code: 'KIOSK' });
  });
});
