import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const anonymous = { 'POST /api/v1/auth/refresh': problemResponse(401, 'No session') };

const mail = (id: string, to: string, createdAt: string, text: string) => ({
  id,
  to,
  subject: `Subject ${id}`,
  text,
  html: '',
  createdAt,
});

describe('dev mailbox', () => {
  it('says it is disabled when the API sends real email', async () => {
    stubFetch({ ...anonymous, 'GET /api/v1/meta/auth': { body: { ...outboxMeta, mailTransport: 'smtp' } } });
    renderApp('/dev/mailbox');
    expect(await screen.findByRole('heading', { name: 'The dev mailbox is disabled' })).toBeTruthy();
  });

  it('says it is disabled on a production server, even with the outbox as transport', async () => {
    stubFetch({ ...anonymous, 'GET /api/v1/meta/auth': { body: { ...outboxMeta, devMailbox: false } } });
    renderApp('/dev/mailbox');
    expect(await screen.findByRole('heading', { name: 'The dev mailbox is disabled' })).toBeTruthy();
    expect(screen.getByText(/only on development servers/)).toBeTruthy();
  });

  it('shows an empty state', async () => {
    stubFetch({
      ...anonymous,
      'GET /api/v1/meta/auth': { body: outboxMeta },
      'GET /api/v1/dev/mailbox': { body: { items: [] } },
    });
    renderApp('/dev/mailbox');
    expect(await screen.findByRole('heading', { name: 'No emails yet' })).toBeTruthy();
  });

  it('lists newest first, opens an email and shows its code; Refresh reloads', async () => {
    const user = userEvent.setup();
    let loads = 0;
    stubFetch({
      ...anonymous,
      'GET /api/v1/meta/auth': { body: outboxMeta },
      'GET /api/v1/dev/mailbox': () => {
        loads++;
        return {
          body: {
            items: [
              mail('a', 'old@example.com', '2025-01-01T09:00:00Z', 'Your code is 111111'),
              mail('b', 'new@example.com', '2025-01-01T10:00:00Z', 'Your Consign code is 654321.'),
            ],
          },
        };
      },
    });
    renderApp('/dev/mailbox');
    const list = await screen.findByRole('list', { name: 'Emails, newest first' });
    const items = within(list).getAllByRole('button');
    expect(items[0]?.textContent).toContain('new@example.com');
    expect(items[1]?.textContent).toContain('old@example.com');

    await user.click(items[0]!);
    expect(screen.getByTestId('mail-code').textContent).toBe('654321');
    expect(screen.getByText('Your Consign code is 654321.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(loads).toBe(2));
  });
});
