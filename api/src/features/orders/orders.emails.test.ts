import { describe, expect, it } from 'vitest';
import type { OrderRow } from './order-store';
import { orderPaidEmail, orderStatusEmail, vendorNewOrderEmail } from './orders.emails';

const order = {
  id: '0193f1b2-7c1e-7000-8000-00000000abcd',
  status: 'pending',
  serviceType: 'domestic',
  serviceName: 'Next <b>Day</b>',
  vendorName: 'Speedy & Sons',
  collectionAddress: {
    name: '<script>alert(1)</script>',
    email: 'a@example.com',
    phone: '0123456789',
    line1: '1 High St',
    town: 'London',
    county: 'Greater London',
    postcode: 'SW1A 1AA',
    country: 'GB',
  },
  deliveryAddress: {
    name: 'Robin',
    email: 'r@example.com',
    phone: '0123456789',
    line1: '2 Royal Mile',
    town: 'Edinburgh',
    county: 'Midlothian',
    postcode: 'EH1 1AA',
    country: 'GB',
  },
  collectionDate: '2026-03-10',
  estimatedDelivery: '2026-03-12',
  contents: 'Books\r\nBcc: evil@example.com',
  total: 1288,
  currency: 'GBP',
  trackingNumber: 'CSG0000000420',
  parcels: [{ length: 1, width: 1, height: 1, weight: 1 }],
  chargeableWeightKg: 2,
  notes: '<img src=x onerror=alert(1)>',
} as unknown as OrderRow;

describe('order emails', () => {
  it('confirm the booking with the reference, total, tracking number and the cancel rule', () => {
    const mail = orderPaidEmail('c@example.com', order, 'https://consign.example/dashboard');
    expect(mail.subject).toBe('Booking confirmed: order #0000abcd');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('£12.88');
      expect(part).toContain('CSG0000000420');
      expect(part).toContain('within 1 hour of payment');
    }
    // Dates read as on the pages: 'Tue, 10 Mar 2026', never the ISO form.
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Tue, 10 Mar 2026');
      expect(part).toContain('Thu, 12 Mar 2026');
      expect(part).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    expect(mail.html).not.toContain('<b>Day</b>');
    expect(mail.html).toContain('Next &lt;b&gt;Day&lt;/b&gt;');
  });

  it('tell the customer of a status change and its refund', () => {
    const mail = orderStatusEmail(
      'c@example.com',
      { ...order, status: 'cancelled' },
      'pending',
      'No driver',
      'refunded',
      'https://consign.example/dashboard',
    );
    expect(mail.subject).toBe('Order #0000abcd is now cancelled');
    expect(mail.text).toContain('was pending and is now cancelled');
    expect(mail.text).toContain('Note: No driver');
    expect(mail.text).toContain('Your payment of £12.88 has been refunded.');
  });

  it('escape what customers typed in the vendor’s notice and keep the subject on one line', () => {
    const mail = vendorNewOrderEmail(
      'v@example.com',
      { ...order, serviceName: 'Next\nDay' },
      'https://x.example',
    );
    expect(mail.subject).toBe('New order #0000abcd: Next Day');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('Books');
  });
});
