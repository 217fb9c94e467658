import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { referenceData } from '../../test/quoteFixtures';
import { renderApp } from '../../test/render';

const limits = {
  maxWeightKg: 30,
  byServiceType: {
    domestic: { maxWeightKg: 30 },
    international: { maxWeightKg: 20 },
    same_day: { maxWeightKg: 20 },
  },
};

const anonymous = {
  'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
  'GET /api/v1/meta/auth': { body: outboxMeta },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/quotes/limits': { body: limits },
};

async function renderHome() {
  const utils = renderApp('/');
  const form = await screen.findByRole('form', { name: 'Get a quote' });
  return { ...utils, form, user: userEvent.setup() };
}

describe('quote form', () => {
  it('has UK–UK, International and Same Day tabs with the spec defaults', async () => {
    stubFetch(anonymous);
    const { form, user } = await renderHome();
    const tabs = within(form).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['UK–UK', 'International', 'Same Day']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect((within(form).getByLabelText('Collect From') as HTMLSelectElement).value).toBe('England');
    expect((within(form).getByLabelText('Deliver to') as HTMLSelectElement).value).toBe('England');
    const weight = within(form).getByLabelText('Weight (kg)') as HTMLInputElement;
    expect(weight.value).toBe('1');
    expect(weight.type).toBe('number');
    expect(weight.inputMode).toBe('decimal');
    expect([weight.min, weight.step]).toEqual(['0.1', '0.1']);

    await user.click(within(form).getByRole('tab', { name: 'International' }));
    expect((within(form).getByLabelText('Collect From') as HTMLInputElement).value).toBe('United Kingdom');
    const destination = within(form).getByLabelText('Deliver to') as HTMLSelectElement;
    expect(destination.value).toBe('AL');
    expect(destination.selectedOptions[0]!.textContent).toBe('Albania');

    await user.click(within(form).getByRole('tab', { name: 'Same Day' }));
    expect(within(form).getByLabelText('Collection postcode')).toBeTruthy();
    expect(within(form).getByLabelText('Delivery postcode')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys', async () => {
    stubFetch(anonymous);
    const { form, user } = await renderHome();
    within(form).getByRole('tab', { name: 'UK–UK' }).focus();
    await user.keyboard('{ArrowRight}');
    const international = within(form).getByRole('tab', { name: 'International' });
    expect(document.activeElement).toBe(international);
    expect(international.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(form).getByRole('tab', { name: 'Same Day' }).getAttribute('aria-selected')).toBe('true');
  });

  it('does not search with empty dimensions, and says so', async () => {
    stubFetch(anonymous);
    const { form, user, router } = await renderHome();
    await user.type(within(form).getByLabelText('Length (cm)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(await screen.findByText('Please fill in every field.')).toBeTruthy();
    expect(within(form).getByText('Enter the width')).toBeTruthy();
    expect(within(form).getByText('Enter the height')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  // Issue 51, item 10: a filled but refused field is not "Please Enter all fields.".
  it('asks to correct, not to fill in, when every field is filled but one is refused', async () => {
    stubFetch(anonymous);
    const { form, user, router } = await renderHome();
    await user.type(within(form).getByLabelText('Length (cm)'), '0');
    await user.type(within(form).getByLabelText('Width (cm)'), '20');
    await user.type(within(form).getByLabelText('Height (cm)'), '15');
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(await screen.findByText('Please correct the fields marked below.')).toBeTruthy();
    expect(screen.queryByText('Please fill in every field.')).toBeNull();
    expect(within(form).getByText('Length must be more than 0')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the results with the spec query string', async () => {
    stubFetch(anonymous);
    const { form, user, router } = await renderHome();
    await user.selectOptions(within(form).getByLabelText('Deliver to'), 'Scotland');
    await user.type(within(form).getByLabelText('Length (cm)'), '30');
    await user.type(within(form).getByLabelText('Width (cm)'), '20');
    await user.type(within(form).getByLabelText('Height (cm)'), '15');
    const weight = within(form).getByLabelText('Weight (kg)');
    await user.clear(weight);
    await user.type(weight, '2.5');
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(router.state.location.pathname).toBe('/result');
    expect(router.state.location.search).toBe(
      '?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2.5',
    );
  });

  // Issue 48: up to the heaviest parcel an active service of the tab takes, to 0.1 kg.
  it('takes a weight up to what the services carry, and names a bad one at the field', async () => {
    stubFetch(anonymous);
    const { form, user, router } = await renderHome();
    const weight = within(form).getByLabelText('Weight (kg)') as HTMLInputElement;
    await within(form).findByText('Up to 30 kg');
    expect(weight.max).toBe('30');
    for (const [label, value] of [
      ['Length (cm)', '40'],
      ['Width (cm)', '30'],
      ['Height (cm)', '30'],
    ] as const) {
      await user.type(within(form).getByLabelText(label), value);
    }
    for (const [typed, message] of [
      ['30.5', 'No courier takes more than 30 kg'],
      ['2.55', 'Weight to 0.1 kg, such as 2.5'],
      ['0', 'Weight must be more than 0'],
      ['', 'Enter the weight'],
    ] as const) {
      await user.clear(weight);
      if (typed) await user.type(weight, typed);
      await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
      expect(await within(form).findByText(message)).toBeTruthy();
      expect(weight.getAttribute('aria-invalid')).toBe('true');
      expect(router.state.location.pathname).toBe('/');
    }

    // International services carry 20 kg here: the same 25 kg is refused on that tab.
    await user.clear(weight);
    await user.type(weight, '25');
    await user.click(within(form).getByRole('tab', { name: 'International' }));
    await within(form).findByText('Up to 20 kg');
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(await within(form).findByText('No courier takes more than 20 kg')).toBeTruthy();
    await user.click(within(form).getByRole('tab', { name: 'UK–UK' }));
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/result'));
    expect(router.state.location.search).toBe(
      '?type=Domestic&from=England&to=England&length=40&width=30&height=30&weight=25',
    );
  });

  it('keeps the API bound when the limits cannot be read', async () => {
    stubFetch({ ...anonymous, 'GET /api/v1/quotes/limits': problemResponse(503, 'Unavailable') });
    const { form, user, router } = await renderHome();
    const weight = within(form).getByLabelText('Weight (kg)') as HTMLInputElement;
    expect(weight.max).toBe('1000');
    for (const [label, value] of [
      ['Length (cm)', '10'],
      ['Width (cm)', '10'],
      ['Height (cm)', '10'],
    ] as const) {
      await user.type(within(form).getByLabelText(label), value);
    }
    await user.clear(weight);
    await user.type(weight, '1000.5');
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(await within(form).findByText('Weight must be at most 1000 kg')).toBeTruthy();
    await user.clear(weight);
    await user.type(weight, '45.5');
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/result'));
  });

  it('checks same-day postcodes before searching', async () => {
    stubFetch(anonymous);
    const { form, user, router } = await renderHome();
    await user.click(within(form).getByRole('tab', { name: 'Same Day' }));
    await user.type(within(form).getByLabelText('Collection postcode'), 'sw1a1aa');
    await user.type(within(form).getByLabelText('Delivery postcode'), 'nowhere');
    for (const [label, value] of [
      ['Length (cm)', '10'],
      ['Width (cm)', '10'],
      ['Height (cm)', '10'],
    ] as const) {
      await user.type(within(form).getByLabelText(label), value);
    }
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(await within(form).findByText('Enter a valid UK postcode, such as SW1A 1AA')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');

    const to = within(form).getByLabelText('Delivery postcode');
    await user.clear(to);
    await user.type(to, 'm1 1ae');
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(router.state.location.search).toBe(
      '?type=Same+Day&fromPostcode=SW1A+1AA&toPostcode=M1+1AE&length=10&width=10&height=10&weight=1',
    );
  });

  it('takes several parcels and removes one', async () => {
    stubFetch(anonymous);
    const { form, user, router } = await renderHome();
    expect(within(form).queryByRole('button', { name: /Remove parcel/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Add another parcel' }));
    await user.click(within(form).getByRole('button', { name: 'Add another parcel' }));
    const parcels = within(form).getAllByRole('group', { name: /^Parcel \d$/ });
    expect(parcels).toHaveLength(3);
    await user.click(within(form).getByRole('button', { name: 'Remove parcel 3' }));
    const [first, second] = within(form).getAllByRole('group', { name: /^Parcel \d$/ });
    for (const [group, dims, weight] of [
      [first!, ['30', '20', '15'], '1'],
      [second!, ['10', '10', '5'], '2'],
    ] as const) {
      await user.type(within(group).getByLabelText('Length (cm)'), dims[0]);
      await user.type(within(group).getByLabelText('Width (cm)'), dims[1]);
      await user.type(within(group).getByLabelText('Height (cm)'), dims[2]);
      await user.clear(within(group).getByLabelText('Weight (kg)'));
      await user.type(within(group).getByLabelText('Weight (kg)'), weight);
    }
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(router.state.location.search).toBe(
      '?type=Domestic&from=England&to=England&length=30&width=20&height=15&weight=1&length=10&width=10&height=5&weight=2',
    );
  });

  it('works without the reference data', async () => {
    stubFetch({ ...anonymous, 'GET /api/v1/meta': problemResponse(503, 'Unavailable') });
    const { form, user, router } = await renderHome();
    const to = within(form).getByLabelText('Deliver to') as HTMLSelectElement;
    expect(Array.from(to.options).map((o) => o.value)).toEqual([
      'England',
      'Northern Ireland',
      'Scotland',
      'Wales',
    ]);
    await user.type(within(form).getByLabelText('Length (cm)'), '1');
    await user.type(within(form).getByLabelText('Width (cm)'), '1');
    await user.type(within(form).getByLabelText('Height (cm)'), '1');
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(router.state.location.pathname).toBe('/result');
  });

  it('shows the marketing copy on the home page, with the measured review count', async () => {
    stubFetch({ ...anonymous, 'GET /api/v1/reviews/summary': { body: { count: 57, average: 4.4 } } });
    await renderHome();
    expect(screen.getByRole('heading', { name: 'Why use Consign?' })).toBeTruthy();
    await screen.findByText(/57 reviews of delivered orders, averaging 4\.4 out of 5/);
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain('240+ international destinations');
    expect(text).not.toContain('1,000');
  });

  it('claims no review figure before there are reviews', async () => {
    stubFetch({ ...anonymous, 'GET /api/v1/reviews/summary': { body: { count: 0, average: null } } });
    await renderHome();
    await screen.findByText(/Only customers whose parcel was delivered can rate the courier/);
  });
});
