/** Wire-shaped fixtures for the booking, payment and dashboard tests. */

import type { Quote } from '../shared/api/booking';
import type { Job } from '../shared/api/jobs';
import type { ReferenceData } from '../shared/api/meta';
import type { OrderDetail } from '../shared/api/orders';
import type { OrderSummary } from '../shared/api/vendor-orders';

export const referenceData: ReferenceData = {
  serviceTypes: [
    { value: 'domestic', label: 'UK to UK' },
    { value: 'international', label: 'International' },
    { value: 'same_day', label: 'Same Day' },
  ],
  ukNations: ['England', 'Northern Ireland', 'Scotland', 'Wales'].map((n) => ({
    value: n as 'England',
    label: n,
  })),
  internationalDestinations: [
    { code: 'AL', name: 'Albania' },
    { code: 'FR', name: 'France' },
  ],
  defaultDestination: 'AL',
  coverCurrency: 'GBP',
  coverTiers: [
    { coverAmount: 0, fee: 0 },
    { coverAmount: 2000, fee: 20 },
    { coverAmount: 5000, fee: 88 },
  ],
  exportReasons: [
    { value: 'sold', label: 'Sold' },
    { value: 'gift', label: 'Gift' },
  ],
  documentTypes: [
    { value: 'commercial_invoice', label: 'Commercial invoice' },
    { value: 'proforma_invoice', label: 'Pro-forma invoice' },
  ],
  partyKinds: [
    { value: 'private', label: 'Private Individual' },
    { value: 'company', label: 'Company' },
  ],
  hsCodeCategories: [
    {
      id: 'home_furniture_diy',
      label: 'Home, Furniture & DIY',
      codes: [{ code: '94039990', label: 'Furniture' }],
    },
    {
      id: 'clothes_shoes_accessories',
      label: 'Clothes, shoes and accessories',
      codes: [
        { code: '62059080', label: "Men's clothing" },
        { code: '64059090', label: 'Shoes' },
      ],
    },
    {
      id: 'books_comics_magazines',
      label: 'Books, Comics & Magazines',
      codes: [{ code: '49011000', label: 'Books' }],
    },
  ],
  weightOptions: [1, 2, 3],
  manufactureCountries: [
    { code: 'CN', name: 'China' },
    { code: 'GB', name: 'United Kingdom' },
  ],
};

export function quoteFixture(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'q_1',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    expired: false,
    collectionDate: '2026-03-10',
    routeServed: true,
    request: {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
    },
    options: [
      {
        id: 'opt_1',
        courierService: { id: 'cs_1', name: 'UPS Standard', logoUrl: null },
        vendor: { id: 'v_1', name: 'Swift Couriers' },
        serviceType: 'domestic',
        handover: 'collection',
        labelMode: 'printed',
        price: { net: 749, vat: 150, total: 899, currency: 'GBP' },
        chargeableWeightKg: 2,
        billedBy: 'actual',
        estimatedDelivery: '2026-11-25',
        transitDays: 2,
        limits: {
          maxLengthCm: null,
          maxWidthCm: null,
          maxHeightCm: null,
          maxWeightKg: 20,
          volumetricDivisor: 5000,
        },
        badges: ['cheapest'],
        rating: { average: null, count: 1 },
        onTime: { share: null, delivered: 2 },
        record: {
          orders: 2,
          adjustments: 0,
          adjustmentRate: null,
          claims: 0,
          claimsPerHundred: null,
          claimsDecided: 0,
          claimsAccepted: null,
        },
      },
    ],
    ...overrides,
  };
}

const address = (name: string, town: string, postcode: string) => ({
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  phone: '020 7946 0000',
  line1: '1 High Street',
  town,
  county: 'County',
  postcode,
  country: 'GB',
});

/** The order as a list carries it (the API's toOrderSummary): its own fields, cut to a row's. */
export function orderSummaryOf(order: OrderDetail): OrderSummary {
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    serviceType: order.serviceType,
    serviceName: order.serviceName,
    vendor: order.vendor,
    recipientName: order.deliveryAddress.name,
    collectionDate: order.collectionDate,
    estimatedDelivery: order.estimatedDelivery,
    price: { total: order.price.total, currency: order.price.currency },
    trackingNumber: order.trackingNumber,
    payment: order.payment,
    money: order.money,
    paidAt: order.paidAt,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

export function orderFixture(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const id = overrides.id ?? '0193f1b2-7c1e-7000-8000-00000000abcd';
  return {
    id,
    reference: `#${id.slice(-8)}`,
    status: 'pending',
    serviceType: 'domestic',
    courierServiceId: 'cs_1',
    serviceName: 'UPS Standard',
    vendor: { id: 'v_1', name: 'Swift Couriers' },
    quoteOptionId: 'opt_1',
    jobId: null,
    collectionAddress: address('Casey Customer', 'London', 'SW1A 1AA'),
    deliveryAddress: address('Morag Mackay', 'Edinburgh', 'EH1 1YZ'),
    collectionDate: '2026-11-23',
    estimatedDelivery: '2026-11-25',
    contents: 'Books',
    contentValue: 4500,
    coverAmount: 5000,
    parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
    chargeableWeightKg: 2,
    dropOffPointId: null,
    printerless: false,
    dropOffPoint: null,
    dropOffCode: null,
    customs: null,
    items: null,
    notes: null,
    vendorNotes: null,
    price: { net: 749, vat: 150, coverFee: 88, total: 987, currency: 'GBP' },
    money: { paid: 987, refunded: 0, net: 987 },
    trackingNumber: 'CSG123',
    labelUrl: null,
    documents: { label: `/api/v1/orders/${id}/label.pdf`, customs: null },
    payment: {
      provider: 'test',
      status: 'captured',
      capturedAt: '2026-11-22T09:00:00.000Z',
      refundedAt: null,
    },
    actions: { pay: false, cancel: true, nextStatuses: [] },
    paidAt: '2026-11-22T09:00:00.000Z',
    payBy: null,
    createdAt: '2026-11-22T08:59:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    finance: { receipt: null, creditNotes: [], earnings: null },
    events: [
      {
        at: '2026-11-22T08:59:00.000Z',
        from: null as never,
        to: 'awaiting_payment',
        actorRole: 'customer',
        note: null,
        event: null,
        expectedDelivery: null,
        driverName: null,
        windowFrom: null,
        windowTo: null,
        claimStatus: null,
        adjustmentStatus: null,
        returnLink: null,
        linkedOrderId: null,
        description: 'Order placed, waiting for payment',
      },
      {
        at: '2026-11-22T09:00:00.000Z',
        from: 'awaiting_payment',
        to: 'pending',
        actorRole: 'system',
        note: 'Paid',
        event: null,
        expectedDelivery: null,
        driverName: null,
        windowFrom: null,
        windowTo: null,
        claimStatus: null,
        adjustmentStatus: null,
        returnLink: null,
        linkedOrderId: null,
        description: 'Booked and paid; waiting for the courier to accept',
      },
    ],
    trackingCode: 'K7P3XQ9MHT2W',
    trackingUrl: 'http://localhost:3000/track/K7P3XQ9MHT2W',
    promisedDelivery: '2026-11-25',
    ...overrides,
  };
}

export function jobFixture(overrides: Partial<Job> = {}): Job {
  return {
    id: '0193f1b2-7c1e-7000-8000-0000000j0b01',
    reference: '#00j0b01',
    status: 'open',
    serviceType: 'domestic',
    route: { from: 'England', to: 'Scotland', fromPostcode: null, toPostcode: null },
    parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
    collectionAddress: address('Casey Customer', 'London', 'SW1A 1AA'),
    deliveryAddress: address('Morag Mackay', 'Edinburgh', 'EH1 1YZ'),
    collectionDate: '2026-11-23',
    contents: 'Books',
    contentValue: 4500,
    customs: null,
    items: null,
    notes: null,
    askingPrice: { amount: 2500, currency: 'GBP' },
    orderId: null,
    payment: {
      provider: 'test',
      status: 'captured',
      capturedAt: '2026-11-22T09:00:00.000Z',
      refundedAt: null,
    },
    actions: { pay: false, withdraw: true },
    paidAt: '2026-11-22T09:00:00.000Z',
    expiresAt: '2026-11-29T09:00:00.000Z',
    acceptedAt: null,
    closedAt: null,
    createdAt: '2026-11-22T08:59:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    ...overrides,
  };
}

const weekdayHours = [{ opens: '09:00', closes: '17:30' }];

/** An order's drop-off point as GET /orders/{id} names it: open on the day unless overridden. */
export function orderDropOffPointFixture(
  overrides: Partial<NonNullable<OrderDetail['dropOffPoint']>> = {},
): NonNullable<OrderDetail['dropOffPoint']> {
  return {
    id: 'p2',
    name: 'Victoria Newsagent',
    address: { line1: '12 Buckingham Gate', line2: null, town: 'London', postcode: 'SW1E 5DJ' },
    openingHours: {
      monday: weekdayHours,
      tuesday: weekdayHours,
      wednesday: weekdayHours,
      thursday: weekdayHours,
      friday: weekdayHours,
      saturday: [],
      sunday: [],
    },
    hoursOnDate: {
      date: '2026-11-23',
      weekday: 'monday',
      open: true,
      openings: weekdayHours,
      closedReason: null,
    },
    status: 'active',
    problem: null,
    ...overrides,
  };
}
