import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';
import type { Tracking, TrackingEntry } from './tracking-api';

const hours = [{ opens: '09:00', closes: '17:30' }];

function tracking(overrides: Partial<Tracking> = {}): Tracking {
  return {
    code: 'K7P3XQ9MHT2W',
    status: 'confirmed',
    timeline: [],
    promisedDelivery: '2026-11-25',
    delayed: false,
    collectionDate: '2026-11-23',
    courier: { name: 'Swift Couriers', website: null },
    service: { name: 'UPS Standard', type: 'domestic' },
    origin: { town: 'London', postcodeDistrict: 'SW1A', country: 'GB' },
    destination: { town: 'Edinburgh', postcodeDistrict: 'EH1', country: 'GB' },
    dropOffPoint: null,
    lossClaim: { offered: false, reason: null, since: null },
    updatedAt: '2026-11-22T09:00:00.000Z',
    ...overrides,
  };
}

/** The page signed out, as a recipient opens it from the label or an email. */
function open(body: Tracking) {
  stubFetch({
    'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
    'GET /api/v1/meta/auth': { body: outboxMeta },
    'GET /api/v1/tracking/K7P3XQ9MHT2W': { body },
  });
  return renderApp('/track/K7P3XQ9MHT2W');
}

describe('tracking page', () => {
  it('names the drop-off point with its address and its hours on the day', async () => {
    open(
      tracking({
        dropOffPoint: {
          id: 'p2',
          name: 'Victoria Newsagent',
          address: { line1: '12 Buckingham Gate', line2: null, town: 'London', postcode: 'SW1E 5DJ' },
          openingHours: {
            monday: hours,
            tuesday: hours,
            wednesday: hours,
            thursday: hours,
            friday: hours,
            saturday: [],
            sunday: [],
          },
          hoursOnDate: {
            date: '2026-11-23',
            weekday: 'monday',
            open: true,
            openings: hours,
            closedReason: null,
          },
          status: 'active',
          problem: null,
        },
      }),
    );
    const heading = await screen.findByRole('heading', { name: 'Drop-off point' });
    const card = within(heading.closest('section')!);
    expect(card.getByText('Victoria Newsagent')).toBeTruthy();
    expect(card.getByText('12 Buckingham Gate, London, SW1E 5DJ')).toBeTruthy();
    expect(card.getByText('Open 09:00–17:30 on Mon, 23 Nov 2026')).toBeTruthy();
  });

  it('shows no drop-off point for a parcel collected from the door', async () => {
    open(tracking());
    expect(await screen.findByRole('heading', { name: 'Timeline' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Drop-off point' })).toBeNull();
  });

  // Minutes ago, so "today" is today whenever the test runs (the page reads the clock).
  const justNow = () => new Date(Date.now() - 5 * 60_000).toISOString();
  const entry = (over: Partial<TrackingEntry>): TrackingEntry => ({
    at: justNow(),
    status: 'in_transit',
    event: null,
    driverName: null,
    windowFrom: null,
    windowTo: null,
    description: 'Collected: the parcel is on its way',
    ...over,
  });
  const promise = () => document.querySelector('.tracking__promise')?.textContent ?? null;

  it('puts the window the courier gave in the headline and the driver under it, not the promised day', async () => {
    open(
      tracking({
        status: 'in_transit',
        promisedDelivery: '2099-12-02',
        timeline: [
          entry({
            event: 'out_for_delivery',
            driverName: 'Sam',
            windowFrom: '10:00',
            windowTo: '12:00',
            description: 'Out for delivery: with driver Sam, 10:00–12:00',
          }),
        ],
      }),
    );
    const heading = await screen.findByRole('heading', { name: 'Out for delivery today, 10:00–12:00' });
    expect(promise()).toBe('With driver Sam');
    const timeline = screen.getByRole('list', { name: 'Tracking timeline' });
    expect(timeline.querySelector('.timeline__status')?.textContent).toBe(
      'Out for delivery: with driver Sam, 10:00–12:00',
    );
    expect(screen.queryByText(/Expected|2 Dec 2099/)).toBeNull();
    // The window is one unit a line cannot break inside, in the headline and on the timeline.
    for (const where of [heading, timeline]) {
      const window = within(where).getByText('10:00–12:00');
      expect(window.tagName).toBe('SPAN');
      expect(window.className).toBe('nowrap');
    }
    // The help speaks of the window, not of an expected day the page does not show.
    const help = within(
      screen.getByRole('heading', { name: 'Questions about this delivery?' }).closest('section')!,
    );
    expect(help.getByText(/The time window is the courier’s estimate for today’s round/)).toBeTruthy();
    expect(help.queryByText(/expected day/)).toBeNull();
  });

  it('out for delivery without a window or driver: the headline alone, no promised day', async () => {
    open(
      tracking({
        status: 'in_transit',
        promisedDelivery: '2099-12-02',
        timeline: [
          entry({
            event: 'out_for_delivery',
            description: 'Out for delivery: the driver has the parcel on today’s round',
          }),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Out for delivery today' })).toBeTruthy();
    expect(promise()).toBeNull();
    expect(screen.queryByText(/Expected/)).toBeNull();
  });

  it('a round from an earlier day is not "today": the promised day again', async () => {
    open(
      tracking({
        status: 'in_transit',
        promisedDelivery: '2099-12-02',
        timeline: [
          entry({
            at: '2026-01-05T08:00:00.000Z',
            event: 'out_for_delivery',
            windowFrom: '10:00',
            windowTo: '12:00',
          }),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'On its way' })).toBeTruthy();
    expect(promise()).toBe('Expected Wed, 2 Dec 2099');
  });

  it('a delivered parcel says when it was delivered, not when it was expected', async () => {
    open(
      tracking({
        status: 'delivered',
        promisedDelivery: '2026-11-25',
        timeline: [
          entry({
            at: '2026-11-24T09:00:00.000Z',
            event: 'out_for_delivery',
            windowFrom: '10:00',
            windowTo: '12:00',
          }),
          entry({ at: '2026-11-24T11:02:00.000Z', status: 'delivered', description: 'Delivered' }),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Delivered' })).toBeTruthy();
    expect(promise()).toBe('Delivered Tue, 24 Nov 2026, 11:02');
    expect(screen.queryByText(/Expected|estimate/i)).toBeNull();
    expect(screen.getByText(/Check with neighbours/)).toBeTruthy();
  });

  it('says nothing of a claim while the parcel moves', async () => {
    open(tracking());
    expect(await screen.findByRole('heading', { name: 'Timeline' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Has your parcel gone missing?' })).toBeNull();
  });

  it('offers the loss claim in the drawer’s words, says the sender claims, and sends the claim through logging in', async () => {
    const user = userEvent.setup();
    const { router } = open(
      tracking({
        status: 'in_transit',
        lossClaim: { offered: true, reason: 'exception', since: '2026-11-20T10:00:00.000Z' },
      }),
    );
    const heading = await screen.findByRole('heading', { name: 'Has your parcel gone missing?' });
    const notice = within(heading.closest('section')!);
    expect(
      notice.getByText(
        'The courier reported a problem with it on Fri, 20 Nov 2026, and it has not moved on since.',
      ),
    ).toBeTruthy();
    expect(notice.getByText(/If the parcel was sent to you, ask the sender to claim\./)).toBeTruthy();
    expect(notice.getByText('You will be asked to log in with the account that booked it.')).toBeTruthy();
    const claim = notice.getByRole('link', { name: 'Claim for a lost parcel' });
    expect(claim.getAttribute('href')).toBe('/dashboard?track=K7P3XQ9MHT2W&claim=loss');
    await user.click(claim);
    // Signed out: the dashboard sends them to log in, and back to the claim afterwards.
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/dashboard?track=K7P3XQ9MHT2W&claim=loss',
    );
  });

  it('says “no tracking update since” for a parcel that has gone quiet', async () => {
    open(
      tracking({
        status: 'in_transit',
        lossClaim: { offered: true, reason: 'no_scan', since: '2026-11-20T10:00:00.000Z' },
      }),
    );
    expect(await screen.findByText('It has had no tracking update since Fri, 20 Nov 2026.')).toBeTruthy();
  });
});
