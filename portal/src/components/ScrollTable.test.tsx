import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { ScrollTable } from './ScrollTable';

it('is a named region a keyboard can reach, around a captioned data table', async () => {
  render(
    <ScrollTable caption="Your payouts, newest first" className="payouts" boxClassName="card">
      <tbody>
        <tr>
          <td>£10.00</td>
        </tr>
      </tbody>
    </ScrollTable>,
  );
  const region = screen.getByRole('region', { name: 'Your payouts, newest first' });
  expect(region.className).toBe('card table-scroll');
  expect(screen.getByRole('table', { name: 'Your payouts, newest first' }).className).toBe(
    'data-table payouts',
  );
  await userEvent.tab();
  expect(document.activeElement).toBe(region);
});
