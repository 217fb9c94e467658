import { describe, expect, it } from 'vitest';
import {
  COURIER_SERVICE_STATUSES,
  JOB_STATUSES,
  ORDER_STATUSES,
  statusInProse,
  statusLabel,
  VENDOR_STATUSES,
} from './statuses';
import { sentenceCase } from './words';

const EVERY_STATUS = [...ORDER_STATUSES, ...JOB_STATUSES, ...VENDOR_STATUSES, ...COURIER_SERVICE_STATUSES];

describe('status values', () => {
  it('follow the order machine of DESIGN §3 and the job, vendor and service lifecycles', () => {
    expect(ORDER_STATUSES).toEqual([
      'awaiting_payment',
      'pending',
      'confirmed',
      'in_transit',
      'delivered',
      'cancelled',
    ]);
    expect(JOB_STATUSES).toEqual(['awaiting_payment', 'open', 'accepted', 'withdrawn', 'expired']);
    expect(VENDOR_STATUSES).toEqual(['pending', 'active', 'suspended']);
    expect(COURIER_SERVICE_STATUSES).toEqual(['active', 'inactive']);
  });
});

describe('statusLabel', () => {
  it.each([
    ['awaiting_payment', 'Awaiting payment'],
    ['in_transit', 'In transit'],
    ['delivered', 'Delivered'],
    ['open', 'Open'],
    ['withdrawn', 'Withdrawn'],
    ['suspended', 'Suspended'],
    ['inactive', 'Inactive'],
  ])('%s -> %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it('reads every known status as the badges read it before (sentence case of the code)', () => {
    for (const status of EVERY_STATUS) expect(statusLabel(status)).toBe(sentenceCase(status));
  });

  it('reads an unknown status in sentence case, not as a code', () => {
    expect(statusLabel('on_hold')).toBe('On hold');
    expect(statusLabel('toString')).toBe('ToString');
  });
});

describe('statusInProse', () => {
  it.each([
    ['awaiting_payment', 'awaiting payment'],
    ['pending', 'pending'],
    ['confirmed', 'confirmed'],
    ['in_transit', 'in transit'],
    ['delivered', 'delivered'],
    ['cancelled', 'cancelled'],
  ])('%s -> %s, as order messages and emails say it', (status, text) => {
    expect(statusInProse(status)).toBe(text);
  });
});
