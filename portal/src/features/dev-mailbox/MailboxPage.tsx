import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { api, describeError, isApiError, type OutboxEmail } from '../../shared/api/client';
import { useAuthMeta } from '../../shared/api/meta';
import { extractCode, formatTime, linkify, newestFirst } from './mail';

/**
 * Development mailbox: shows what the API's outbox transport "sent" (codes, reset links), so the
 * whole product runs with no mail account. Disabled as soon as real SMTP is configured.
 */
export function MailboxPage() {
  usePageTitle('Dev mailbox');
  const meta = useAuthMeta();

  return (
    <section className="container page">
      <header className="page-header">
        <p className="eyebrow">Development</p>
        <h1>Dev mailbox</h1>
        <p className="muted">Emails the API has written to its outbox instead of sending them.</p>
      </header>
      {meta.isPending ? (
        <div className="page-state">
          <Spinner size="lg" label="Loading mail settings" />
        </div>
      ) : meta.isError ? (
        <div className="card empty-state">
          <h2>Could not reach the API</h2>
          <p className="muted">{describeError(meta.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => meta.refetch()}>
            Try again
          </button>
        </div>
      ) : meta.data.mailTransport !== 'outbox' || !meta.data.devMailbox ? (
        <MailboxDisabled smtp={meta.data.mailTransport === 'smtp'} />
      ) : (
        <Outbox />
      )}
    </section>
  );
}

function MailboxDisabled({ smtp = false }: { smtp?: boolean }) {
  return (
    <div className="card empty-state">
      <h2>The dev mailbox is disabled</h2>
      <p className="muted">
        {smtp
          ? 'This server sends real email over SMTP, so messages arrive in the recipients’ inboxes.'
          : 'The mailbox exists only on development servers, for requests from the same machine.'}
      </p>
    </div>
  );
}

function Outbox() {
  const mailbox = useQuery({
    queryKey: ['dev', 'mailbox'],
    queryFn: ({ signal }) => api.dev.mailbox(signal),
    refetchOnWindowFocus: true,
    retry: false,
  });
  const [filter, setFilter] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const items = useMemo(() => {
    const all = newestFirst(mailbox.data?.items ?? []);
    const needle = filter.trim().toLowerCase();
    return needle ? all.filter((item) => item.to.toLowerCase().includes(needle)) : all;
  }, [mailbox.data, filter]);
  const selected = items.find((item) => item.id === selectedId) ?? null;

  if (mailbox.isError && isApiError(mailbox.error, 404)) return <MailboxDisabled />;

  return (
    <div className="mailbox">
      <div className="mailbox__toolbar">
        <label className="mailbox__filter">
          <span className="visually-hidden">Filter by recipient</span>
          <input
            className="input"
            type="search"
            placeholder="Filter by recipient"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </label>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => mailbox.refetch()}
          disabled={mailbox.isFetching}
        >
          {mailbox.isFetching ? <Spinner label="Refreshing" /> : null}
          <span>Refresh</span>
        </button>
      </div>

      {mailbox.isPending ? (
        <div className="page-state">
          <Spinner size="lg" label="Loading emails" />
        </div>
      ) : mailbox.isError ? (
        <div className="card empty-state" role="alert">
          <h2>Could not load the mailbox</h2>
          <p className="muted">{describeError(mailbox.error)}</p>
        </div>
      ) : items.length === 0 ? (
        <div className="card empty-state">
          <h2>No emails yet</h2>
          <p className="muted">
            {filter
              ? 'No email matches this recipient.'
              : 'Sign up or ask for a password reset to see messages here.'}
          </p>
        </div>
      ) : (
        <div className="mailbox__panes">
          <ul className="mailbox__list" aria-label="Emails, newest first">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="mailbox__item"
                  aria-current={item.id === selected?.id ? 'true' : undefined}
                  onClick={() => setSelectedId(item.id)}
                >
                  <span className="mailbox__to">{item.to}</span>
                  <span className="mailbox__subject">{item.subject}</span>
                  <time className="mailbox__time" dateTime={item.createdAt}>
                    {formatTime(item.createdAt)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
          <div className="card mailbox__reader" aria-live="polite">
            {selected ? (
              <EmailView key={selected.id} email={selected} />
            ) : (
              <p className="muted">Select an email to read it.</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function EmailView({ email }: { email: OutboxEmail }) {
  const code = extractCode(email);
  const [showHtml, setShowHtml] = useState(false);
  return (
    <article className="stack" aria-label={email.subject}>
      <header>
        <h2 className="mailbox__reader-subject">{email.subject}</h2>
        <dl className="meta-list">
          <dt>To</dt>
          <dd className="break-all">{email.to}</dd>
          <dt>Time</dt>
          <dd>
            <time dateTime={email.createdAt}>{formatTime(email.createdAt)}</time>
          </dd>
        </dl>
      </header>
      {code ? (
        <p className="mailbox__code">
          <span>Code</span>
          <strong data-testid="mail-code">{code}</strong>
        </p>
      ) : null}
      {showHtml && email.html ? (
        <iframe className="mailbox__html" title={`HTML of ${email.subject}`} sandbox="" srcDoc={email.html} />
      ) : (
        <pre className="mailbox__text">
          {linkify(email.text).map((part, index) =>
            part.kind === 'link' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are a fixed split of immutable text.
              <a key={index} href={part.value}>
                {part.value}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are a fixed split of immutable text.
              <span key={index}>{part.value}</span>
            ),
          )}
        </pre>
      )}
      {email.html ? (
        <button type="button" className="link-button" onClick={() => setShowHtml((v) => !v)}>
          {showHtml ? 'Show text version' : 'Show HTML version'}
        </button>
      ) : null}
    </article>
  );
}
