/**
 * Test fixtures for bookings: an active vendor with a courier service, a real quote through
 * POST /quotes, and a valid booking body. Used by the orders and payments tests only.
 */
import { eq } from 'drizzle-orm';
import { courierServices, vendors } from '../../db/schema';
import { collectionDay, nextWorkingDay } from '../../domain/uk-days';
import { signUpVerified, type TestApp } from '../../test/harness';

// What other features' tests check orders with; production code does not need them from the index.
export { type OrderDto, toOrderDto } from './orders.queries';
export { isValidTrackingNumber } from './tracking';

export type ServiceKind = 'domestic' | 'international' | 'same_day';

let counter = 0;

/** An active vendor (with a verified owner account) and one active courier service. */
export async function createVendorWithService(
  t: TestApp,
  options: {
    serviceType?: ServiceKind;
    currency?: 'GBP' | 'EUR' | 'USD';
    toLocation?: string | string[];
    price?: number;
    name?: string;
  } = {},
) {
  counter += 1;
  const serviceType = options.serviceType ?? 'domestic';
  const email = `vendor${counter}-${Date.now()}@example.com`;
  const session = await signUpVerified(t, email, 'vendor');
  const vendor = await t.deps.db.query.vendors.findFirst({ where: eq(vendors.ownerId, session.user.id) });
  if (!vendor) throw new Error('vendor row missing after vendor sign-up');
  await t.deps.db
    .update(vendors)
    .set({ status: 'active', shopName: `Speedy Parcels ${counter}` })
    .where(eq(vendors.id, vendor.id));
  const [service] = await t.deps.catalog.write((tx) =>
    tx
      .insert(courierServices)
      .values({
        vendorId: vendor.id,
        name: options.name ?? `Next Day ${counter}`,
        serviceType,
        currency: options.currency ?? 'GBP',
        fromLocation: 'Any',
        toLocation: options.toLocation ?? 'Any',
        weightTiers: [{ maxKg: 30, price: options.price ?? 1000 }],
        transitDays: 1,
        ...(serviceType === 'same_day' ? { sameDay: { baseFee: 1500, perMile: 100, minimumFee: 2000 } } : {}),
      })
      .returning(),
  );
  return { vendorId: vendor.id, service: service!, owner: session, ownerEmail: email };
}

const PARCEL = { length: 30, width: 20, height: 10, weight: 2 };

/** Quotes through the real route and returns the option of the given service. */
export async function quoteOptionFor(
  t: TestApp,
  courierServiceId: string,
  request: Record<string, unknown> = { serviceType: 'domestic', from: 'England', to: 'Scotland' },
  token?: string,
) {
  const res = await t.post('/api/v1/quotes', { parcels: [PARCEL], ...request }, token ? t.bearer(token) : {});
  if (res.status !== 201) throw new Error(`quote failed: ${res.status} ${JSON.stringify(res.body)}`);
  const option = res.body.options.find(
    (o: { courierService: { id: string } }) => o.courierService.id === courierServiceId,
  );
  if (!option) throw new Error(`no option for service ${courierServiceId}: ${JSON.stringify(res.body)}`);
  return { quote: res.body, option };
}

export const address = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sam Sender',
  email: 'sam@example.com',
  phone: '+44 20 7946 0000',
  line1: '1 High Street',
  town: 'London',
  county: 'Greater London',
  postcode: 'SW1A 1AA',
  country: 'GB',
  ...overrides,
});

export const deliveryAddress = (overrides: Record<string, unknown> = {}) =>
  address({
    name: 'Robin Recipient',
    email: 'robin@example.com',
    line1: '2 Royal Mile',
    town: 'Edinburgh',
    county: 'Midlothian',
    postcode: 'EH1 1AA',
    ...overrides,
  });

/**
 * A collection date every booking made at `now` or within the day after accepts: the working day
 * after the first collection day, so neither the 14:00 cut-off nor midnight passing while the test
 * runs refuses it. Tests on the real clock (other processes, the outbox) book with it, never today.
 */
export const bookableDay = (now: Date = new Date()): string => nextWorkingDay(collectionDay(now));

/** A valid domestic booking body for the option, collected on `collectionDate`. */
export const bookingBody = (
  quoteOptionId: string,
  collectionDate: string,
  overrides: Record<string, unknown> = {},
) => ({
  quoteOptionId,
  collectionAddress: address(),
  deliveryAddress: deliveryAddress(),
  collectionDate,
  contents: 'Books',
  contentValue: 2500,
  coverAmount: 0,
  ...overrides,
});

export const customsBody = (overrides: Record<string, unknown> = {}) => ({
  documentType: 'commercial_invoice',
  reasonForExport: 'sold',
  senderType: 'private',
  recipientType: 'private',
  ...overrides,
});

export const itemBody = (overrides: Record<string, unknown> = {}) => ({
  description: 'Cotton shirt',
  hsCode: '62059080',
  quantity: 2,
  unitValue: 1250,
  originCountry: 'GB',
  ...overrides,
});

/** Everything for a customer to book one domestic parcel. */
export async function bookingFixture(
  t: TestApp,
  options: Parameters<typeof createVendorWithService>[1] = {},
) {
  const vendor = await createVendorWithService(t, options);
  counter += 1;
  const customerEmail = `customer${counter}-${Date.now()}@example.com`;
  const customer = await signUpVerified(t, customerEmail);
  return { vendor, customer, customerEmail, auth: t.bearer(customer.accessToken) };
}
