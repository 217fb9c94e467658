import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const anonymous = {
  'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
  'GET /api/v1/meta/auth': { body: outboxMeta },
};

describe('static pages', () => {
  it('shows the not-found page for unknown paths', async () => {
    stubFetch(anonymous);
    const user = userEvent.setup();
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/the page you are looking for cannot be found/)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Compare UK courier quotes' })).toBeTruthy();
  });

  it.each(['/terms', '/toc'])('%s has the terms with the spec figures', async (path) => {
    stubFetch(anonymous);
    renderApp(path);
    await screen.findByRole('heading', { name: 'Terms and Conditions', level: 1 });
    for (const section of [
      'Definitions',
      'Our services',
      'Goods and labelling',
      'International shipments and sanctions',
      'Same Day service',
      'Cancellation',
      'Liability',
      'Exclusions',
      'Additional charges',
      'Claims',
      'Returns',
      'Governing law',
    ]) {
      expect(screen.getByRole('heading', { name: new RegExp(`^\\d+\\. ${section}$`) })).toBeTruthy();
    }
    const text = screen.getByRole('main').textContent ?? '';
    for (const figure of [
      '£1000',
      '£6 including VAT',
      '£10.20 plus VAT',
      '21 days',
      '72 hours',
      '£20 per hour',
      '50%',
      '5:30 PM on the working day before the collection date',
      'within 5 working days',
      // The claim windows and liability the product enforces (api/src/features/claims/claims.rules.ts).
      'standard liability of £20',
      '3 working days past its promised',
      'answers a claim within 3 working days',
      '9 months',
      'England and Wales',
      // The adjustment window the product enforces (api/src/features/adjustments/adjustments.rules.ts).
      'within 2 working days of collection',
      // Consign's own return window (packages/shared/src/returns.ts, DEFAULT_RETURN_POLICY).
      '30th day after delivery',
    ]) {
      expect(text).toContain(figure);
    }
  });

  it('has a footer with the legal text, the measured review figures and links', async () => {
    stubFetch({ ...anonymous, 'GET /api/v1/reviews/summary': { body: { count: 1234, average: 4.6 } } });
    renderApp('/privacy');
    await screen.findByRole('heading', { name: 'Privacy Notice', level: 1 });
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('Consign Ltd, registered in England and Wales');
    await within(footer).findByText(/1,234 verified reviews/);
    expect(footer.textContent).toContain('4.6 out of 5 from 1,234 verified reviews');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/terms', '/privacy', '/contact', '/returns']));
  });
});

describe('contact page', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    const form = await screen.findByRole('form', { name: 'Contact us' });
    await user.type(within(form).getByLabelText('Name'), 'Jane Doe');
    await user.type(within(form).getByLabelText('Phone'), '07700 900123');
    await user.type(within(form).getByLabelText('Email'), 'jane@example.com');
    await user.type(within(form).getByLabelText('Message'), 'Where is my parcel?');
    return form;
  }

  it('requires every field', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch(anonymous);
    renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Contact us' });
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please enter your phone number')).toBeTruthy();
    expect(screen.getByText('Please enter your email')).toBeTruthy();
    expect(screen.getByText('Please enter a message')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/contact')).toBe(false);
  });

  it('sends the message and thanks the user', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ ...anonymous, 'POST /api/v1/contact': { status: 202 } });
    renderApp('/contact');
    const form = await fill(user);
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thank you for contacting us!')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/contact')?.body).toEqual({
      name: 'Jane Doe',
      phone: '07700 900123',
      email: 'jane@example.com',
      message: 'Where is my parcel?',
    });
    await waitFor(() => expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it('reports a failure with the problem detail', async () => {
    const user = userEvent.setup();
    stubFetch(anonymous); // POST /contact is not stubbed: 404 'Not found'
    renderApp('/contact');
    const form = await fill(user);
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Error sending message: Not found')).toBeTruthy();
  });
});
