import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { HsCodeFinder } from './HsCodeFinder';
import { referenceData } from './testFixtures';

function open() {
  const onPick = vi.fn();
  const onClose = vi.fn();
  render(<HsCodeFinder categories={referenceData.hsCodeCategories} onPick={onPick} onClose={onClose} />);
  return { onPick, onClose, dialog: screen.getByRole('dialog', { name: 'Find HS code' }) };
}

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

  it('searches across categories by name or digits', async () => {
    stubFetch({ 'GET /api/v1/hs-codes': { body: { items: [] } } });
    const user = userEvent.setup();
    const { dialog, onPick } = open();
    const search = within(dialog).getByLabelText('Search codes');
    expect(document.activeElement).toBe(search);
    await user.type(search, 'book');
    const matches = within(dialog).getByRole('list', { name: 'Matching codes' });
    expect(within(matches).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, '6205');
    await user.click(within(dialog).getByRole('button', { name: "Use 62059080 Men's clothing" }));
    expect(onPick).toHaveBeenCalledWith('62059080');
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await within(dialog).findByText(/No code matches/)).toBeTruthy();
  });

  it('searches the whole Harmonized System, narrowing a heading to its subheadings', async () => {
    const { calls } = stubFetch({
      'GET /api/v1/hs-codes': {
        body: {
          items: [
            { code: '6110', description: 'Jerseys, pullovers, cardigans', level: 4 },
            { code: '611011', description: 'Jerseys; of wool, knitted', level: 6 },
          ],
        },
      },
    });
    const user = userEvent.setup();
    const { dialog, onPick } = open();
    await user.type(within(dialog).getByLabelText('Search codes'), 'jumper');
    const full = await within(dialog).findByRole('list', { name: 'Harmonized System codes' });
    expect(within(full).getAllByRole('listitem')).toHaveLength(2);
    // A heading is too broad for customs: it narrows the search instead of being used.
    await user.click(within(full).getByRole('button', { name: 'Show the codes under 6110' }));
    expect((within(dialog).getByLabelText('Search codes') as HTMLInputElement).value).toBe('6110');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Use 611011 Jerseys; of wool, knitted' }),
    );
    expect(onPick).toHaveBeenCalledWith('611011');
    expect(calls.some((c) => c.path === '/api/v1/hs-codes')).toBe(true);
    // The extra UK digits are explained.
    expect(within(dialog).getByText(/UK tariff adds 2 more/)).toBeTruthy();
  });

  it('says so when the full list cannot be searched, keeping the shortcuts', async () => {
    stubFetch({ 'GET /api/v1/hs-codes': { status: 503, body: { title: 'Unavailable', status: 503 } } });
    const user = userEvent.setup();
    const { dialog } = open();
    await user.type(within(dialog).getByLabelText('Search codes'), 'shoes');
    expect(await within(dialog).findByText(/could not be searched just now/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Use 64059090 Shoes' })).toBeTruthy();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = open();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
