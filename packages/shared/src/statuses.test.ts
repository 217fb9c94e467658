import { describe, expect, it } from 'vitest';
import {
  COURIER_SERVICE_STATUSES,
  JOB_STATUS_FACTS,
  JOB_STATUSES,
  OPEN_PAID_ORDER_STATUSES,
  ORDER_STATUS_FACTS,
  ORDER_STATUSES,
  PAID_ORDER_STATUSES,
  PLACED_ORDER_STATUSES,
  statusInProse,
  statusLabel,
  statusTone,
  TRACKING_STAGES,
  VENDOR_STATUSES,
} from './statuses';
import { sentenceCase } from './words';

const EVERY_STATUS = [...ORDER_STATUSES, ...JOB_STATUSES, ...VENDOR_STATUSES, ...COURIER_SERVICE_STATUSES];

describe('status values', () => {
  it('follow the order machine of docs/architecture.md §4 and the job, vendor and service lifecycles', () => {
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

describe('the status tables', () => {
  it("hold a row for every order and job status, in the lists' order", () => {
    expect(Object.keys(ORDER_STATUS_FACTS)).toEqual([...ORDER_STATUSES]);
    expect(Object.keys(JOB_STATUS_FACTS)).toEqual([...JOB_STATUSES]);
  });

  it('give the lists the vendor screens, filters and tracking events use', () => {
    expect(PAID_ORDER_STATUSES).toEqual(['pending', 'confirmed', 'in_transit', 'delivered']);
    expect(PLACED_ORDER_STATUSES).toEqual(['pending', 'confirmed', 'in_transit', 'delivered', 'cancelled']);
    expect(OPEN_PAID_ORDER_STATUSES).toEqual(['pending', 'confirmed', 'in_transit']);
  });

  it('colour badges by their tone: pending yellow, confirmed green, in transit blue, delivered purple, cancelled red', () => {
    expect(ORDER_STATUSES.map(statusTone)).toEqual(['grey', 'yellow', 'green', 'blue', 'purple', 'red']);
    expect(JOB_STATUSES.map(statusTone)).toEqual(['grey', 'yellow', 'green', 'red', 'red']);
    expect(statusTone('active')).toBe('grey');
    expect(statusTone('on_hold')).toBe('grey');
  });

  it('place paid orders on the tracking bar in order, and the rest off it', () => {
    const stageIndex = (stage: string | null) => TRACKING_STAGES.findIndex((s) => s.key === stage);
    const placed = ORDER_STATUSES.map((s) => ORDER_STATUS_FACTS[s].stage).filter((s) => s !== null);
    expect(placed).toEqual(['booked', 'accepted', 'on_its_way', 'delivered']);
    expect(placed.map(stageIndex)).toEqual([...placed.map(stageIndex)].sort((a, b) => a - b));
    expect(ORDER_STATUS_FACTS.cancelled.stage).toBeNull();
  });

  it('name each admin action once', () => {
    const actions = ORDER_STATUSES.map((s) => ORDER_STATUS_FACTS[s].adminAction);
    expect(new Set(actions).size).toBe(actions.length);
  });
});
