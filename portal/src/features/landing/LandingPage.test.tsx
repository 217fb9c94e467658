import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { referenceData } from '../../test/quoteFixtures';
import { renderApp } from '../../test/render';

const anonymous = {
  'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
  'GET /api/v1/meta/auth': { body: outboxMeta },
  'GET /api/v1/meta': { body: referenceData },
};

describe('quote landing page', () => {
  it('shows the article chosen by the path beside the quote form', async () => {
    stubFetch({
      ...anonymous,
      'GET /api/v1/articles/cheap-parcel-delivery': {
        body: {
          slug: 'cheap-parcel-delivery',
          title: 'Cheap parcel delivery in the UK',
          html: '<p>Weigh and measure before you book.</p><h2>Pack it properly</h2>',
        },
      },
    });
    renderApp('/cheap-parcel-delivery');
    expect(
      await screen.findByRole('heading', { name: 'Cheap parcel delivery in the UK', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText('Weigh and measure before you book.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pack it properly', level: 2 })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Get a quote' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Why use Consign?' })).toBeTruthy();
    expect(document.title).toBe('Cheap parcel delivery in the UK · Consign');
  });

  it('is the not-found page for an unknown article', async () => {
    stubFetch({
      ...anonymous,
      'GET /api/v1/articles/no-such-article': problemResponse(404, 'Article not found'),
    });
    renderApp('/no-such-article');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Get a quote' })).toBeNull();
    expect(document.title).toBe('Page not found · Consign');
  });

  it('does not ask for a path that cannot be an article', async () => {
    const { calls } = stubFetch(anonymous);
    renderApp('/Not_An.Article');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/v1/articles'))).toBe(false);
  });

  it('keeps the quote form when the article cannot be loaded, and retries', async () => {
    let attempts = 0;
    stubFetch({
      ...anonymous,
      'GET /api/v1/articles/same-day-courier': () => {
        attempts += 1;
        return attempts <= 2
          ? problemResponse(503, 'Unavailable')
          : { body: { slug: 'same-day-courier', title: 'Same-day courier', html: '<p>Today.</p>' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/same-day-courier');
    expect(await screen.findByText(/could not load this article/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Get a quote' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Same-day courier', level: 1 })).toBeTruthy();
  });

  it('leaves the real single-segment routes alone', async () => {
    const { calls } = stubFetch(anonymous);
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact Us', level: 1 })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/v1/articles'))).toBe(false);
  });
});
