import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { option } from '../../test/quoteFixtures';
import { QuoteOptionCard } from './QuoteOptionCard';

const parcels = [{ length: 30, width: 20, height: 15, weight: 2 }];

describe('QuoteOptionCard distances', () => {
  it.each([
    [{ miles: 163.4, source: 'estimate' as const }, /\(about 163 miles\)/],
    [{ miles: 201.2, source: 'maps' as const }, /\(201\.2 miles\)/],
  ])('says "about" only for an estimated distance: %o', (distance, text) => {
    // The card links to the courier's profile, so it renders inside a router.
    render(
      <MemoryRouter>
        <QuoteOptionCard
          option={option({ id: 'city', serviceType: 'same_day', distance })}
          parcels={parcels}
          onBook={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('QuoteOptionCard courier record', () => {
  const card = (record: Parameters<typeof option>[0]['record']) =>
    render(
      <MemoryRouter>
        <QuoteOptionCard option={option({ id: 'a', record })} parcels={parcels} onBook={() => undefined} />
      </MemoryRouter>,
    );

  it('shows the adjustment rate, claims per hundred and share accepted beside the on-time score', () => {
    card({
      orders: 300,
      adjustments: 1,
      adjustmentRate: 0.003,
      claims: 4,
      claimsPerHundred: 1.3,
      claimsDecided: 3,
      claimsAccepted: 0.667,
    });
    expect(screen.getByTestId('on-time').textContent).toContain('94% on time');
    expect(screen.getByTestId('courier-record').textContent).toBe(
      '0.3% of orders adjusted · 1.3 claims per 100 orders · 67% of claims accepted (last 90 days, 300 orders)',
    );
  });

  it('leaves out the share accepted below 3 decided claims', () => {
    card({
      orders: 12,
      adjustments: 0,
      adjustmentRate: 0,
      claims: 1,
      claimsPerHundred: 8.3,
      claimsDecided: 1,
      claimsAccepted: null,
    });
    expect(screen.getByTestId('courier-record').textContent).toBe(
      '0% of orders adjusted · 8.3 claims per 100 orders (last 90 days, 12 orders)',
    );
  });

  it('says "Not enough orders yet" below 10 orders, never a misleading 0 %', () => {
    card({
      orders: 9,
      adjustments: 0,
      adjustmentRate: null,
      claims: 0,
      claimsPerHundred: null,
      claimsDecided: 0,
      claimsAccepted: null,
    });
    const line = screen.getByTestId('courier-record').textContent ?? '';
    expect(line).toBe('Adjustments and claims: Not enough orders yet');
    expect(line).not.toContain('%');
  });
});
