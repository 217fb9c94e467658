import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Onboarding } from '../../shared/api/vendor';
import { activeVendor, service, vendorSession } from '../../test/courierFixtures';
import { outboxMeta, problemResponse, type RecordedCall, stubFetch } from '../../test/fetchStub';
import { referenceData } from '../../test/quoteFixtures';
import { renderApp } from '../../test/render';
import { COMPLETED_MESSAGE } from './OnboardingPage';

const notStarted: Onboarding = {
  status: 'not_started',
  step: 1,
  answers: {},
  submittedAt: null,
  updatedAt: null,
};

/** A vendor whose draft lives in this fake server: PUT replaces it, GET answers it. */
function server(initial: Onboarding = notStarted, extra: Record<string, unknown> = {}) {
  let stored = initial;
  const stub = stubFetch({
    'GET /api/v1/meta/auth': { body: outboxMeta },
    'GET /api/v1/meta': { body: referenceData },
    'POST /api/v1/auth/refresh': { body: vendorSession },
    'GET /api/v1/vendors/me': { body: { ...activeVendor, status: 'pending' } },
    'GET /api/v1/couriers': { body: { items: [] } },
    'GET /api/v1/vendors/me/onboarding': () => ({ body: stored }),
    'PUT /api/v1/vendors/me/onboarding': (call: RecordedCall) => {
      const body = call.body as { step: number; answers: Onboarding['answers'] };
      stored = {
        ...stored,
        status: 'draft',
        step: body.step,
        answers: body.answers,
        updatedAt: '2026-11-23T10:00:00.000Z',
      };
      return { body: stored };
    },
    'POST /api/v1/vendors/me/onboarding/submit': () => {
      stored = { ...stored, status: 'submitted', submittedAt: '2026-11-23T10:05:00.000Z' };
      return { body: stored };
    },
    ...(extra as Record<string, never>),
  });
  return { ...stub, stored: () => stored };
}

const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;

describe('onboarding wizard', () => {
  it('keeps Next enabled, names what step 1 lacks at its fields, then saves the draft with the step', async () => {
    const user = userEvent.setup();
    const fake = server();
    renderApp('/vendor-onboarding');
    expect(await screen.findByText('Step 1 of 5')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    // The shop name the courier gave with its business details is already there.
    expect((screen.getByLabelText('Company name *') as HTMLInputElement).value).toBe('Swift Couriers');
    expect(screen.queryByText('Enter the company name')).toBeNull();

    // Issue 51, item 11: Next is not greyed out; pressed too early, it says why at each field.
    expect(next().disabled).toBe(false);
    const type = screen.getByLabelText('Company type *');
    const years = screen.getByLabelText('Years in business *');
    expect(type.getAttribute('aria-invalid')).toBeNull();
    await user.click(next());
    await waitFor(() => expect(document.activeElement).toBe(type));
    expect(type.getAttribute('aria-invalid')).toBe('true');
    expect(years.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(screen.getByLabelText('Company name *').getAttribute('aria-invalid')).toBeNull();

    await user.selectOptions(type, 'limited-company');
    expect(type.getAttribute('aria-invalid')).toBeNull();
    await user.type(years, '4');
    expect(years.getAttribute('aria-invalid')).toBeNull();

    await user.click(next());
    expect(await screen.findByText('Step 2 of 5')).toBeTruthy();
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('United Kingdom');
    await waitFor(() => expect(fake.stored().step).toBe(2));
    expect(fake.stored().answers.company).toMatchObject({
      companyName: 'Swift Couriers',
      companyType: 'limited-company',
      yearsInBusiness: 4,
    });
    expect(await screen.findByText('Draft saved')).toBeTruthy();
  });

  it('resumes a saved draft at its step, with lists that add and remove', async () => {
    const user = userEvent.setup();
    server({
      ...notStarted,
      status: 'draft',
      step: 3,
      answers: { company: { companyName: 'Swift', companyType: 'partnership', yearsInBusiness: 1 } },
    });
    renderApp('/vendor-onboarding');
    expect(await screen.findByText('Step 3 of 5')).toBeTruthy();

    const area = screen.getByLabelText('Service area');
    // "Add area" and "Add vehicle" stay enabled and say what is missing at the field.
    await user.click(screen.getByRole('button', { name: 'Add area' }));
    expect(screen.getByText('Write a service area to add')).toBeTruthy();
    expect(area.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    expect(screen.getByText('Choose the vehicle type')).toBeTruthy();
    expect(screen.getByText('Enter the capacity')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Vehicles' })?.textContent ?? '').toBe('');
    await user.type(area, 'London{Enter}');
    await user.type(area, 'london{Enter}');
    const areas = screen.getByRole('list', { name: 'Service areas' });
    expect(within(areas).getAllByRole('listitem')).toHaveLength(1);
    expect(area.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByLabelText('Next Day'));

    await user.selectOptions(screen.getByLabelText('Vehicle type'), 'Van');
    await user.type(screen.getByLabelText('Capacity'), '1000 kg');
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    expect(screen.getByText('1 x Van - 1000 kg')).toBeTruthy();
    expect(screen.queryByText('Enter the capacity')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove 1 x Van - 1000 kg' }));
    expect(screen.queryByText('1 x Van - 1000 kg')).toBeNull();

    await user.click(next());
    expect(await screen.findByText('Step 4 of 5')).toBeTruthy();
    // The pricing step is the courier's services: none yet, so Next waits for one.
    expect(await screen.findByText('No courier services yet. Add at least one.')).toBeTruthy();
    expect(screen.getByText('Add at least one courier service')).toBeTruthy();
    // Next pressed without a service stays on the step and takes the focus to what is missing.
    await user.click(next());
    await waitFor(() =>
      expect(document.activeElement?.textContent).toContain('Add at least one courier service'),
    );
    expect(screen.getByText('Step 4 of 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add rate card' })).toBeNull();
  });

  it('step 4 opens the services form once the draft is saved at this step, and lists what it made', async () => {
    const user = userEvent.setup();
    const fake = server(
      {
        ...notStarted,
        status: 'draft',
        step: 3,
        answers: {
          services: { serviceAreas: ['London'], deliveryTypes: ['Next Day'] },
          // A draft from the earlier wizard: its rate cards are shown, never quoted.
          pricing: { rateCards: [{ serviceType: 'Economy', basePrice: 500, perKgPrice: 40 }] },
        },
      },
      {
        'GET /api/v1/couriers': {
          body: {
            items: [
              service({
                id: 's1',
                name: 'Swift Next Day',
                fromLocation: 'England',
                toLocation: 'Any',
                weightTiers: [
                  { maxKg: 2, price: 450 },
                  { maxKg: 10, price: 890 },
                ],
              }),
              service({ id: 's2', name: 'Swift Economy', status: 'inactive' }),
            ],
          },
        },
      },
    );
    const { router } = renderApp('/vendor-onboarding');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 4 of 5')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your courier services' });
    expect(within(list).getByText('Swift Next Day')).toBeTruthy();
    expect(within(list).getByText('Domestic · England → Any')).toBeTruthy();
    expect(within(list).getByText('2kg: £4.50, 10kg: £8.90')).toBeTruthy();
    expect(within(list).getByText('Inactive: not quoted')).toBeTruthy();
    expect(screen.getByText('Economy: base £5.00, £0.40/kg')).toBeTruthy();
    expect(next().disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Add another courier service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/add-courier'));
    expect(router.state.location.search).toBe('?from=onboarding');
    // Saved before leaving, so the wizard comes back at this step with the earlier cards kept.
    expect(fake.stored()).toMatchObject({
      step: 4,
      answers: { pricing: { rateCards: [{ serviceType: 'Economy', basePrice: 500, perKgPrice: 40 }] } },
    });
    expect(await screen.findByRole('link', { name: '← Back to onboarding' })).toBeTruthy();
  });

  it('step 4 with only inactive services says to set one Active; Edit opens that service', async () => {
    const user = userEvent.setup();
    server(
      { ...notStarted, status: 'draft', step: 4 },
      {
        'GET /api/v1/couriers': {
          body: { items: [service({ id: 's2', name: 'Swift Economy', status: 'inactive' })] },
        },
      },
    );
    const { router } = renderApp('/vendor-onboarding');
    expect(await screen.findByText('Set at least one of your services to Active')).toBeTruthy();
    await user.click(next());
    expect(screen.getByText('Step 4 of 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Swift Economy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-courier/s2'));
    expect(router.state.location.search).toBe('?from=onboarding');
  });

  it('completes on step 5: submits for review and lands on the vendor panel', async () => {
    const user = userEvent.setup();
    const fake = server({
      ...notStarted,
      status: 'draft',
      step: 5,
      answers: {
        company: { companyName: 'Swift', companyType: 'partnership', yearsInBusiness: 1 },
        pricing: { rateCards: [{ serviceType: 'Economy', basePrice: 500 }] },
      },
    });
    const { router } = renderApp('/vendor-onboarding');
    expect(await screen.findByText('Step 5 of 5')).toBeTruthy();
    expect((screen.getByLabelText('Sunday open') as HTMLInputElement).checked).toBe(false);
    // Hours are 24-hour choices whatever the browser's locale ('17:00', never '05:00 PM').
    const saturday = screen.getByLabelText('Saturday opens at') as HTMLSelectElement;
    expect(saturday.value).toBe('10:00');
    expect(saturday.tagName).toBe('SELECT');
    expect(
      within(screen.getByLabelText('Monday closes at')).getByRole('option', { selected: true }).textContent,
    ).toBe('17:00');
    expect(
      within(saturday)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('23:45');
    await user.click(screen.getByLabelText('Proof of address'));
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));

    expect(await screen.findByText(COMPLETED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor-panel'));
    expect(fake.stored().status).toBe('submitted');
    expect(fake.stored().answers.compliance?.documentsReady).toEqual(['proofOfAddress']);
    expect(fake.calls.filter((c) => c.path.endsWith('/submit'))).toHaveLength(1);
  });

  it("shows the server's reasons when the submission is refused", async () => {
    const user = userEvent.setup();
    server(
      { ...notStarted, status: 'draft', step: 5 },
      {
        'POST /api/v1/vendors/me/onboarding/submit': problemResponse(
          422,
          'Some onboarding steps are incomplete',
          {
            errors: [{ path: 'answers.contact.email', message: 'Not a valid email' }],
          },
        ),
      },
    );
    renderApp('/vendor-onboarding');
    await user.click(await screen.findByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Not a valid email')).toBeTruthy();
  });
});
