import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/providers';
import { referenceData } from '../../test/bookingFixtures';
import { stubFetch } from '../../test/fetchStub';
import { HsCodeFinder } from './HsCodeFinder';

const JERSEYS = 'Jerseys, pullovers, cardigans, waistcoats and similar articles; knitted or crocheted';
const HS_CODES: Record<string, { code: string; description: string; level: 2 | 4 | 6 }[]> = {
  jumper: [
    { code: '6110', description: JERSEYS, level: 4 },
    { code: '611011', description: `${JERSEYS}, of wool or fine animal hair`, level: 6 },
  ],
  '6110': [
    { code: '6110', description: JERSEYS, level: 4 },
    { code: '611020', description: `${JERSEYS}, of cotton`, level: 6 },
  ],
  zzz: [],
};

function open() {
  const onPick = vi.fn();
  const onClose = vi.fn();
  const calls = stubFetch({
    'GET /api/v1/hs-codes': (call) => ({ body: { items: HS_CODES[call.query.get('q') ?? ''] ?? [] } }),
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <HsCodeFinder categories={referenceData.hsCodeCategories} onPick={onPick} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onPick, onClose, calls, dialog: screen.getByRole('dialog', { name: 'Find HS code' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HS code finder', () => {
  it('lists the categories and shows the first one’s codes', () => {
    const { dialog } = open();
    const categories = within(within(dialog).getByRole('group', { name: 'Categories' })).getAllByRole(
      'button',
    );
    expect(categories.map((c) => c.textContent)).toEqual([
      'Home, Furniture & DIY',
      'Clothes, shoes and accessories',
      'Books, Comics & Magazines',
    ]);
    expect(categories[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByText('94039990')).toBeTruthy();
    // Each code also links to the UK Trade Tariff.
    expect(
      within(dialog)
        .getByRole('link', { name: /UK Trade Tariff/ })
        .getAttribute('href'),
    ).toContain('94039990');
  });

  it('picks a code of a chosen category', async () => {
    const user = userEvent.setup();
    const { dialog, onPick } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Clothes, shoes and accessories' }));
    const codes = within(dialog).getByRole('list', { name: 'Clothes, shoes and accessories codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Use 64059090 Shoes' }));
    expect(onPick).toHaveBeenCalledWith('64059090');
  });

  it('searches the whole nomenclature on the server, by everyday words or digits', async () => {
    const user = userEvent.setup();
    const { dialog, onPick } = open();
    const search = within(dialog).getByLabelText('Search codes');
    expect(document.activeElement).toBe(search);
    await user.type(search, 'jumper');
    const matches = within(dialog).getByRole('list', { name: 'Matching codes' });
    await within(matches).findByText('611011');
    expect(within(dialog).getByRole('status').textContent).toBe('2 matching codes');
    // A heading is not a code customs accept: it opens its subheadings instead.
    await user.click(within(matches).getByRole('button', { name: /^Show the codes under 6110 / }));
    expect((search as HTMLInputElement).value).toBe('6110');
    await user.click(await within(matches).findByRole('button', { name: /^Use 611020 / }));
    expect(onPick).toHaveBeenCalledWith('611020');
  });

  it('says when nothing matches and links to the UK Trade Tariff', async () => {
    const user = userEvent.setup();
    const { dialog } = open();
    await user.type(within(dialog).getByLabelText('Search codes'), 'zzz');
    expect(await within(dialog).findByText(/No code matches/)).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Search the UK Trade Tariff' }).getAttribute('href'),
    ).toContain('q=zzz');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = open();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
