import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { referenceData } from '../../test/bookingFixtures';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const casey = {
  ...customer,
  name: 'Casey Jones',
  phone: '07700 900123',
  address: { line1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
  avatarUrl: null,
  createdAt: '2026-01-02T10:00:00.000Z',
};

type Routes = Parameters<typeof stubFetch>[0];

const signedIn: Routes = {
  'GET /api/v1/meta/auth': { body: outboxMeta },
  'GET /api/v1/meta': { body: referenceData },
  'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
  'GET /api/v1/users/me': { body: casey },
};

async function openProfile(routes: Routes = {}) {
  const stub = stubFetch({ ...signedIn, ...routes });
  const user = userEvent.setup({ applyAccept: false });
  const utils = renderApp('/profile');
  await screen.findByRole('heading', { name: 'Your Profile', level: 1 });
  return { ...stub, ...utils, user };
}

function details() {
  const list = screen.getByText('Phone').closest('dl') as HTMLElement;
  return (label: string) => within(list).getByText(label).nextElementSibling?.textContent;
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

describe('customer profile', () => {
  it('shows the profile with the dashboard sidebar', async () => {
    await openProfile();
    const value = details();
    expect(value('Name')).toBe('Casey Jones');
    expect(value('Email')).toBe('jane@example.com');
    expect(value('Phone')).toBe('07700 900123');
    expect(value('Address')).toBe('1 High Street, Leeds, LS1 1AA, United Kingdom');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Orders', '/dashboard'],
      ['Address book', '/address-book'],
      ['Profile', '/profile'],
      ['Home', '/'],
      ['Help', '/contact'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('form', { name: 'Edit your profile' })).toBeNull();
  });

  it('edits in place; Cancel discards the changes and reloads', async () => {
    const { user, calls } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit your profile' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    const email = within(form).getByLabelText('Email') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe('jane@example.com');
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Casey Jones');
    expect((within(form).getByLabelText('Town') as HTMLInputElement).value).toBe('Leeds');
    expect((within(form).getByLabelText('Country') as HTMLSelectElement).value).toBe('GB');

    await user.clear(name);
    await user.type(name, 'Somebody Else');
    const loads = calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/users/me').length;
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit your profile' })).toBeNull();
    expect(details()('Name')).toBe('Casey Jones');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/users/me').length).toBe(loads + 1),
    );
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const again = screen.getByRole('form', { name: 'Edit your profile' });
    expect((within(again).getByLabelText('Name') as HTMLInputElement).value).toBe('Casey Jones');
  });

  it('saves name, phone and address, then shows them', async () => {
    const { user, calls } = await openProfile({
      'PATCH /api/v1/users/me': (call) => ({
        body: { ...casey, ...(call.body as object) },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit your profile' });
    const phone = within(form).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+44 113 496 0000');
    await user.type(within(form).getByLabelText('Address line 2 (optional)'), 'Flat 2');
    const postcode = within(form).getByLabelText('Postcode');
    await user.clear(postcode);
    await user.type(postcode, 'ls11ab');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Casey Jones',
      phone: '+44 113 496 0000',
      address: { line1: '1 High Street', line2: 'Flat 2', town: 'Leeds', postcode: 'LS1 1AB', country: 'GB' },
    });
    expect(screen.queryByRole('form', { name: 'Edit your profile' })).toBeNull();
    expect(details()('Phone')).toBe('+44 113 496 0000');
    expect(details()('Address')).toBe('1 High Street, Flat 2, Leeds, LS1 1AB, United Kingdom');
  });

  it('checks the fields before saving, and says when the save fails', async () => {
    const { user, calls } = await openProfile({
      'PATCH /api/v1/users/me': problemResponse(500, 'Internal error'),
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit your profile' });
    await user.clear(within(form).getByLabelText('Name'));
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '12ab');
    await user.clear(within(form).getByLabelText('Street'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Phone must be 7 to 20 digits, spaces or brackets')).toBeTruthy();
    expect(within(form).getByText('Street is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(within(form).getByLabelText('Name'), 'Casey');
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Street'), '2 Low Road');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ name: 'Casey', phone: null });
    // Still editing, with what was typed.
    expect((within(form).getByLabelText('Street') as HTMLInputElement).value).toBe('2 Low Road');
  });

  it('checks a new photo here first, uploads it and saves it as the avatar', async () => {
    let attempt = 0;
    const { user, calls } = await openProfile({
      'POST /api/v1/uploads': () => {
        attempt += 1;
        if (attempt === 1) return problemResponse(500, 'Disk full');
        return { status: 201, body: { url: '/uploads/0197-me.png' } };
      },
      'PATCH /api/v1/users/me': (call) => ({ body: { ...casey, ...(call.body as object) } }),
    });
    const input = screen.getByLabelText('Change photo') as HTMLInputElement;
    expect(screen.queryByRole('img', { name: 'Your profile photo' })).toBeNull();

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please select an image file')).toBeTruthy();
    await user.upload(
      input,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('File size should be less than 5MB')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/uploads')).toBe(false);

    await user.upload(input, png());
    expect(await screen.findByText('Failed to upload image')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.upload(input, png());
    expect(await screen.findByText('Image uploaded')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ avatarUrl: '/uploads/0197-me.png' });
    const photo = await screen.findByRole('img', { name: 'Your profile photo' });
    expect(photo.getAttribute('src')).toBe('/uploads/0197-me.png');
    expect(calls.filter((c) => c.path === '/api/v1/uploads').at(-1)?.headers.Authorization).toBe(
      'Bearer access-1',
    );
  });

  it('says when the profile cannot be loaded', async () => {
    stubFetch({ ...signedIn, 'GET /api/v1/users/me': problemResponse(500, 'Internal error') });
    renderApp('/profile');
    expect(await screen.findByText('Failed to load profile', { selector: '.Toastify *' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in, to come back here', async () => {
    stubFetch({ ...signedIn, 'POST /api/v1/auth/refresh': problemResponse(401, 'No session') });
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Log In', level: 1 })).toBeTruthy();
    expect(router.state.location.search).toBe('?next=%2Fprofile');
    expect(screen.getByText('Please sign in to continue to the page you were opening.')).toBeTruthy();
  });
});
