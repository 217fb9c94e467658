import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OriginsEditor } from './OriginsEditor';
import { checkOrigins, serverOriginErrors } from './origins';

/** The editor as a page holds it: the list in state, server errors passed in. */
function Harness({ initial, serverErrors }: { initial: string[]; serverErrors?: Record<number, string> }) {
  const [list, setList] = useState(initial);
  return (
    <>
      <OriginsEditor value={list} onChange={setList} serverErrors={serverErrors} />
      <output data-testid="value">{JSON.stringify(list)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];
const row = (n: number) => screen.getByRole('textbox', { name: `Allowed origin ${n}` });

describe('allowed origins editor', () => {
  it('adds a row after the one where Enter is pressed and moves to it, without submitting', async () => {
    const user = userEvent.setup();
    let submitted = 0;
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted += 1;
        }}
      >
        <Harness initial={['https://a.example', 'https://c.example']} />
      </form>,
    );
    await user.click(row(1));
    await user.keyboard('{Enter}');
    expect(value()).toEqual(['https://a.example', '', 'https://c.example']);
    await expect.poll(() => document.activeElement).toBe(row(2));
    await user.keyboard('https://b.example');
    expect(value()).toEqual(['https://a.example', 'https://b.example', 'https://c.example']);
    expect(submitted).toBe(0);
  });

  it('names a wrong origin under its row as it is typed, with the server’s rule', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['']} />);
    // An empty new row is not an error until saved.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(row(1), 'shop.example');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('"shop.example" is not an origin');
    expect(row(1).getAttribute('aria-invalid')).toBe('true');
    expect(row(1).getAttribute('aria-describedby')).toBe(alert.id);
    await user.clear(row(1));
    await user.type(row(1), 'http://localhost:*');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(row(1).getAttribute('aria-invalid')).toBeNull();
  });

  it('removes the row asked for, and adds one at the end with the button', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['https://a.example', 'https://b.example']} />);
    await user.click(screen.getByRole('button', { name: 'Remove allowed origin 1' }));
    expect(value()).toEqual(['https://b.example']);
    await user.click(screen.getByRole('button', { name: 'Add origin' }));
    expect(value()).toEqual(['https://b.example', '']);
    await expect.poll(() => document.activeElement).toBe(row(2));
  });

  it('shows the server’s message under the row it names', () => {
    render(<Harness initial={['https://a.example', 'https://b.example']} serverErrors={{ 1: 'Too long' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Too long');
    expect(row(2).getAttribute('aria-invalid')).toBe('true');
    expect(row(1).getAttribute('aria-invalid')).toBeNull();
  });
});

describe('origin list rules', () => {
  it('refuses an empty list, empty rows and bad origins before saving', () => {
    expect(checkOrigins([]).list).toBe('List at least one origin the widget may run on');
    const found = checkOrigins([
      'https://ok.example',
      '',
      'ftp://x.example',
      `https://${'a'.repeat(300)}.example`,
    ]);
    expect(Object.keys(found.rows)).toEqual(['1', '2', '3']);
    expect(found.rows[1]).toBe('Write an origin, or remove this row');
    expect(found.rows[3]).toContain('300');
    expect(checkOrigins(['https://ok.example', 'http://127.0.0.1:*'])).toEqual({ rows: {} });
    expect(checkOrigins(Array.from({ length: 51 }, (_, i) => `https://s${i}.example`)).list).toBe(
      'At most 50 origins',
    );
  });

  it('reads the server’s field errors by row', () => {
    expect(
      serverOriginErrors([
        { path: 'allowedOrigins.2', message: 'Bad row' },
        { path: 'allowedOrigins', message: 'Too many' },
        { path: 'allowedOrigins.2', message: 'Second message' },
      ]),
    ).toEqual({ rows: { 2: 'Bad row' }, list: 'Too many' });
    expect(serverOriginErrors([{ field: 'allowedOrigins[0]', message: 'x' }])).toEqual({ rows: { 0: 'x' } });
  });
});
