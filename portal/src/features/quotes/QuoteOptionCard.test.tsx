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
