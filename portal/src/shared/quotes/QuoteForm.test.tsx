import { screen, within } from '@testing-library/react';
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
    const weight = within(form).getByLabelText('Weight (kg)') as HTMLSelectElement;
    expect(weight.value).toBe('1');
    expect(Array.from(weight.options).map((o) => o.value)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 1)),
    );

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
    await user.selectOptions(within(form).getByLabelText('Weight (kg)'), '3');
    await user.click(within(form).getByRole('button', { name: 'Get Quote' }));
    expect(router.state.location.pathname).toBe('/result');
    expect(router.state.location.search).toBe(
      '?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=3',
    );
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
      await user.selectOptions(within(group).getByLabelText('Weight (kg)'), weight);
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
