import type { Page } from '@playwright/test';
import { axe } from './a11y';
import { serverBookableDay } from './dates';
import { dropOffCourier, pointSection, publishPoint } from './dropoff';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import {
  adminToken,
  apiCall,
  edinburghRecipient,
  fillAddresses,
  guard,
  londonSender,
  payInTestMode,
  signedInPage,
  staffConsole,
  unique,
  verifiedAccount,
} from './support';

/**
 * Drop-off points against the built product: a courier publishes points through its dashboard's
 * form and a CSV import (one bad line refused, then the file saved); a customer books a drop-off
 * service choosing a point by keyboard, sees it on the confirmation, the tracking page and the
 * order panel; the courier closes it and the customer chooses another; staff list and open points
 * in the console. Every screen at 1280, 390 and 320 px, failing on page or console errors. Each
 * test makes its own courier and points, so the tests run side by side on the two workers.
 */

const ROUTE = 'type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2';

/**
 * The page at 1280, 390 and 320 px: no sideways scroll, a screenshot each, and axe at desktop and
 * phone widths on the screens `checked` (each new screen once; the states in between are shots).
 */
async function look(page: Page, name: string, checked = true) {
  for (const width of [1280, 390, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Polled: a resize lays the page out again (the console's menu changes its kind) before it settles.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `${name}: no sideways scroll at ${width}px`,
      })
      .toBeLessThanOrEqual(0);
    if (checked && width !== 320) await axe(page, `drop-off ${name}`, `${width}px`);
    await page.screenshot({ path: `test-results/dropoff-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a courier adds a point through the form and imports a CSV, one bad line refused first', async ({
  browser,
}) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const courier = await dropOffCourier(request);
  const page = await signedInPage(browser, courier);
  const watch = guard(page);

  await page.goto('/vendor-dropoff-points');
  await expect(page.getByRole('heading', { name: 'No drop-off points yet' })).toBeVisible();
  await look(page, 'empty', false);

  await page.getByRole('link', { name: 'Add a point' }).click();
  const form = page.getByRole('form', { name: 'Add a drop-off point' });
  await expect(form.getByRole('checkbox', { name: courier.serviceName })).toBeVisible();
  await form.getByLabel('Friday').fill('9 till 5');
  await form.getByRole('button', { name: 'Publish point' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Write Friday’s openings as 09:00-17:30, or leave it empty')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await look(page, 'form-errors');

  await form.getByRole('textbox', { name: 'Name' }).fill('Palace Kiosk');
  await form.getByRole('textbox', { name: 'Street' }).fill('2 The Mall');
  await form.getByRole('textbox', { name: 'Town' }).fill('London');
  await form.getByRole('textbox', { name: 'Postcode' }).fill('NOT A CODE');
  await form.getByLabel('Monday').fill('09:00-17:30');
  await form.getByLabel('Friday').fill('09:00-12:00 13:00-17:00');
  await form.getByLabel('Closed dates').fill('2030-12-25 Christmas Day');
  await form.getByLabel('Heaviest parcel (kg)').fill('5');
  await form.getByRole('checkbox', { name: courier.serviceName }).check();
  await watch.expectClean();
  await form.getByRole('button', { name: 'Publish point' }).click();
  // The server's refusal lands under the field it names.
  await expect(form.getByText('Enter a valid UK postcode, such as SW1A 1AA')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Postcode' })).toBeFocused();
  // The browser logs a refused request (the 422 the page shows) as a console error: expected here.
  watch.reset();
  await form.getByRole('textbox', { name: 'Postcode' }).fill('SW1A 2AA');
  await form.getByRole('button', { name: 'Publish point' }).click();
  await expect(page.getByText('Palace Kiosk published')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 point' })).toBeVisible();

  const header =
    'code,name,line1,line2,town,postcode,monday,tuesday,wednesday,thursday,friday,saturday,sunday,closed_dates,max_weight_kg,services';
  const good = `LOCKERS,Waterloo Lockers,3 York Road,,London,SE1 7PB,06:00-23:00,06:00-23:00,06:00-23:00,06:00-23:00,06:00-23:00,08:00-20:00,closed,,30,${courier.serviceName}`;
  const bad = 'SHOP,Corner Shop,1 Strand,,London,NOT A CODE,9-5,,,,,,,,heavy,Nobody Express';
  const file = page.getByLabel('CSV file', { exact: true });
  await file.setInputFiles({
    name: 'points.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${good}\n${bad}\n`),
  });
  await watch.expectClean();
  await page.getByRole('button', { name: 'Import' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'cannot be imported' });
  await expect(
    problems.getByText('1 line of points.csv cannot be imported; nothing was saved.'),
  ).toBeVisible();
  await expect(problems.getByText('Line 3', { exact: true })).toBeVisible();
  await expect(problems.getByText(/Line 3, postcode:/)).toBeVisible();
  await expect(
    problems.getByText('Line 3, services: you have no service called Nobody Express'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 point' })).toBeVisible();
  await look(page, 'import-errors');
  watch.reset();

  const fixed = `SHOP,Corner Shop,1 Strand,,London,WC2N 5HF,09:00-17:30,,,,,,,2030-12-26,10,${courier.serviceName}`;
  await file.setInputFiles({
    name: 'points.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${good}\n${fixed}\n`),
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 2 points: 2 new, 0 updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: '3 points' })).toBeVisible();

  // Staff suspend one: the courier sees why.
  const lockers = (
    (await apiCall(request, 'get', '/api/v1/vendor/dropoff-points', courier.token)).items as {
      id: string;
      code: string;
    }[]
  ).find((p) => p.code === 'LOCKERS')!;
  await apiCall(
    request,
    'post',
    `/api/v1/admin/dropoff-points/${lockers.id}/suspend`,
    await adminToken(request),
    {
      reason: 'Parcels left outside',
    },
  );
  await page.reload();
  await expect(page.getByText(/Suspended by Consign: Parcels left outside/)).toBeVisible();
  await look(page, 'list');

  // Edit, then close one after the question.
  await page.getByRole('link', { name: 'Edit Corner Shop' }).click();
  const edit = page.getByRole('form', { name: 'Edit Corner Shop' });
  await expect(edit.getByLabel('Monday')).toHaveValue('09:00-17:30');
  await edit.getByLabel('Heaviest parcel (kg)').fill('12');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Corner Shop saved')).toBeVisible();
  await page.getByRole('button', { name: 'Close Corner Shop' }).click();
  const dialog = await expectOpened(page.getByRole('dialog', { name: 'Close this drop-off point?' }));
  await look(page, 'close-dialog');
  await dialog.getByRole('button', { name: 'Close the point' }).click();
  await expect(page.getByRole('heading', { name: '2 points' })).toBeVisible();
  await watch.expectClean();
});

test('a customer books choosing a point, sees it everywhere, and chooses another when it closes', async ({
  browser,
}) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const courier = await dropOffCourier(request);
  const kiosk = await publishPoint(request, courier.token, courier.serviceId, {
    code: 'KIOSK',
    name: `Palace Kiosk ${unique()}`,
    line1: '2 The Mall',
    postcode: 'SW1A 2AA',
  });
  const lockers = await publishPoint(request, courier.token, courier.serviceId, {
    code: 'LOCKERS',
    name: `Waterloo Lockers ${unique()}`,
    line1: '3 York Road',
    postcode: 'SE1 7PB',
  });
  const buyer = await verifiedAccount(request, 'customer', 'Casey Customer');
  const page = await signedInPage(browser, buyer);
  const watch = guard(page);

  await page.goto(`/result?${ROUTE}`);
  const card = page
    .getByTestId('quote-card')
    .filter({ has: page.getByRole('heading', { name: courier.serviceName }) });
  await card.getByRole('button', { name: 'Book Now' }).click();
  const form = page.getByRole('form', { name: 'Book your delivery' });
  await fillAddresses(
    form,
    londonSender(buyer.email),
    edinburghRecipient('Morag Mackay', 'morag@example.com'),
  );
  await form.getByLabel('Collection date').fill(await serverBookableDay(page.request));
  const list = form.getByRole('listbox', { name: 'Drop-off points near the collection postcode' });
  await expect(list.getByRole('option', { name: new RegExp(kiosk.name) })).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(2);
  await list.focus();
  await page.keyboard.press('Home');
  const first = (await list.getByRole('option').first().textContent()) ?? '';
  const chosen = first.includes(kiosk.name) ? kiosk : lockers;
  const other = chosen === kiosk ? lockers : kiosk;
  await page.keyboard.press('Enter');
  await expect(list.getByRole('option', { name: new RegExp(chosen.name) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await form.getByLabel('Package content').fill('Books');
  await form.getByLabel('Content value (£)').fill('45.00');
  await form.getByRole('radio', { name: 'No extended cover' }).check();
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await payInTestMode(page);
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const confirmation = pointSection(page);
  await expect(confirmation.getByText(chosen.name, { exact: true })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await look(page, 'confirmation');

  const order = await apiCall(request, 'get', `/api/v1/orders/${orderId}`, buyer.token);
  await page.goto(`/track/${order.trackingCode}`);
  await expect(pointSection(page).getByText(chosen.name, { exact: true })).toBeVisible();
  await look(page, 'tracking', false);

  const openDrawer = async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: `View details of order ${order.reference}` }).click();
    return expectOpened(page.getByRole('dialog', { name: `Order ${order.reference}` }));
  };
  let drawer = await openDrawer();
  const section = pointSection(drawer);
  await expect(section.getByText(chosen.name, { exact: true })).toBeVisible();
  await expect(section.getByText(/^Open 06:00–23:00 on /)).toBeVisible();
  await look(page, 'customer-drawer');

  // The courier closes the point: the order says so and leads to another.
  const closed = await request.delete(`/api/v1/vendor/dropoff-points/${chosen.id}`, {
    headers: { Authorization: `Bearer ${courier.token}` },
  });
  expect(closed.status()).toBe(204);
  drawer = await openDrawer();
  await expect(pointSection(drawer).getByRole('alert')).toBeVisible();
  await look(page, 'customer-drawer-closed', false);
  await drawer.getByRole('link', { name: 'Choose another drop-off point' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/drop-off$`));
  await expect(page.getByRole('heading', { name: 'Choose a drop-off point' })).toBeVisible();
  const again = page.getByRole('listbox', { name: /Drop-off points near/ });
  await expect(again.getByRole('option')).toHaveCount(1);
  await look(page, 'choose-another');
  await again.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Use ${other.name}` }).click();
  await expect(page.getByText(`Your drop-off point is now ${other.name}`)).toBeVisible();
  drawer = await openDrawer();
  await expect(pointSection(drawer).getByText(other.name, { exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Choose another drop-off point' })).toHaveCount(0);

  // The courier's own order panel names the new point.
  const vendor = await signedInPage(browser, courier);
  const vendorWatch = guard(vendor);
  await vendor.goto('/vendor-dashboard');
  await vendor.getByRole('button', { name: `View details of order ${order.reference}` }).click();
  const vendorDrawer = await expectOpened(vendor.getByRole('dialog', { name: `Order ${order.reference}` }));
  await expect(pointSection(vendorDrawer).getByText(other.name, { exact: true })).toBeVisible();
  await look(vendor, 'courier-drawer');
  await vendorWatch.expectClean();
  await watch.expectClean();
});

test('staff list drop-off points of every status in the console and open one', async ({ browser }) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const courier = await dropOffCourier(request);
  const tag = unique();
  const names = {
    active: `Active Kiosk ${tag}`,
    suspended: `Suspended Lockers ${tag}`,
    closed: `Closed Shop ${tag}`,
    // A long name of its own, so the phone-width check meets one every run, whatever else is listed.
    long: `Parade Newsagent and Post Office, Upper High Street ${tag}`,
  };
  const active = await publishPoint(request, courier.token, courier.serviceId, {
    code: 'A',
    name: names.active,
    line1: '2 The Mall',
    postcode: 'SW1A 2AA',
  });
  const suspended = await publishPoint(request, courier.token, courier.serviceId, {
    code: 'S',
    name: names.suspended,
    line1: '3 York Road',
    postcode: 'SE1 7PB',
  });
  const closed = await publishPoint(request, courier.token, courier.serviceId, {
    code: 'C',
    name: names.closed,
    line1: '1 Strand',
    postcode: 'WC2N 5HF',
  });
  await publishPoint(request, courier.token, courier.serviceId, {
    code: 'L',
    name: names.long,
    line1: '14 The Parade',
    postcode: 'SW1A 1AA',
  });
  const admin = await adminToken(request);
  await apiCall(request, 'post', `/api/v1/admin/dropoff-points/${suspended.id}/suspend`, admin, {
    reason: 'Parcels left outside',
  });
  await request.delete(`/api/v1/vendor/dropoff-points/${closed.id}`, {
    headers: { Authorization: `Bearer ${courier.token}` },
  });

  const { staff, watch, menu } = await staffConsole(browser, 'Drop-off points');
  await menu.click();
  await staff.getByRole('textbox', { name: 'Search' }).fill(tag);
  for (const name of Object.values(names)) await expect(staff.getByText(name, { exact: true })).toBeVisible();
  // Only this test's four points (and the header): the search has applied before the widths are checked.
  await expect(staff.getByRole('row')).toHaveCount(5);
  await expect(
    staff.getByRole('row').filter({ hasText: names.closed }).getByText('Closed by the courier'),
  ).toBeVisible();
  await look(staff, 'console-list');
  // On a phone the list wraps the long name and leaves out its less important columns, so no
  // column runs off the side of its box either (the courier is on the point's own page).
  for (const width of [390, 320]) {
    await staff.setViewportSize({ width, height: 900 });
    const table = staff.locator('.RaDataTable-tableWrapper');
    await expect
      .poll(() => table.evaluate((box) => box.scrollWidth - box.clientWidth), {
        message: `the list's columns fit at ${width}px`,
      })
      .toBeLessThanOrEqual(0);
    // react-admin names each column's cells `column-<field>`.
    await expect(staff.locator('th.column-code')).toBeHidden();
    await expect(staff.locator('th.column-status')).toHaveText('Status');
    await expect(staff.getByText(names.long, { exact: true })).toBeVisible();
    await expect(staff.getByText('SW1A 1AA', { exact: true })).toBeVisible();
  }
  await staff.setViewportSize({ width: 1280, height: 900 });
  await expect(staff.locator('th.column-code')).toHaveText('Code');
  await staff.getByRole('row').filter({ hasText: names.suspended }).getByText(names.suspended).click();
  await expect(staff.getByText('Parcels left outside')).toBeVisible();
  await expect(staff.getByText(/Monday: 06:00–23:00/)).toBeVisible();
  await expect(staff.getByText(courier.serviceName)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Reinstate' })).toBeVisible();
  await look(staff, 'console-show');
  expect(active.id).toBeTruthy();
  await watch.expectClean();
});
