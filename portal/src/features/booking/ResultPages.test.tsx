import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

function open(path: string) {
  stubFetch({
    'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
    'GET /api/v1/meta/auth': { body: outboxMeta },
  });
  renderApp(path);
}

describe('the abandoned payment page', () => {
  it('says "Your order is not complete" in its title and heading, and offers to pay the order again', async () => {
    // Issue 51, item 10i: once "Order is not Completed".
    open('/ordercancelled?order=01234567-89ab-7cde-8f01-23456789abcd');
    expect(await screen.findByRole('heading', { name: 'Your order is not complete', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Your order is not complete · Consign');
    expect(screen.getByText(/nothing has been charged/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try paying again' }).getAttribute('href')).toBe(
      '/payment?order=01234567-89ab-7cde-8f01-23456789abcd',
    );
  });
});
