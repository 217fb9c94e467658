import { payoutStatusLabel } from '@consign/shared/finance';
import { formatMoney } from '@consign/shared/money';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { TextField } from '../../components/Field';
import { ScrollTable } from '../../components/ScrollTable';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../lib/format';
import { describeError, fieldErrorsOf } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { saveBlob } from '../../shared/orders/download';
import { VendorShell } from '../../shared/vendor-shell';
import { payoutKeys, payoutsApi } from './payouts-api';
import './vendor-payouts.css';

/** The courier's money: balance, where it is paid, payouts, the ledger and monthly statements. */
export function VendorPayoutsPage() {
  usePageTitle('Payouts');
  return (
    <VendorShell what="your payouts">
      <section className="vendor-payouts">
        <header className="page-header">
          <h1>Payouts</h1>
          <p className="muted">
            What you earn on each order, less commission, is released for payout a few days after delivery and
            paid to your PayPal account.
          </p>
        </header>
        <Balance />
        <PayoutAccount />
        <Payouts />
        <Statements />
        <Ledger />
      </section>
    </VendorShell>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status">
      <Spinner /> Loading {what}…
    </p>
  );
}

function Balance() {
  const { apiClient } = useAuth();
  const balance = useQuery({
    queryKey: payoutKeys.balance,
    queryFn: ({ signal }) => payoutsApi.balance(apiClient, signal),
  });
  if (balance.isPending) return <Loading what="your balance" />;
  if (balance.isError) return <p role="alert">{describeError(balance.error)}</p>;
  const b = balance.data;
  const money = (amount: number) => formatMoney(amount, b.currency);
  return (
    <section className="card payouts-balance" aria-labelledby="balance-heading">
      <h2 id="balance-heading">Balance</h2>
      <dl className="payouts-balance__figures">
        <div>
          <dt>Pending</dt>
          <dd>{money(b.pending)}</dd>
        </div>
        <div>
          <dt>Available</dt>
          <dd>{money(b.available)}</dd>
        </div>
        <div>
          <dt>Paid out</dt>
          <dd>{money(b.paidOut)}</dd>
        </div>
      </dl>
    </section>
  );
}

function PayoutAccount() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const account = useQuery({
    queryKey: payoutKeys.account,
    queryFn: ({ signal }) => payoutsApi.account(apiClient, signal),
  });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSaved = (data: Awaited<ReturnType<typeof payoutsApi.account>>) => {
    queryClient.setQueryData(payoutKeys.account, data);
    setErrors({});
  };
  const setMutation = useMutation({
    mutationFn: (paypalEmail: string) => payoutsApi.setEmail(apiClient, paypalEmail),
    onSuccess: (data) => {
      onSaved(data);
      setEmail('');
      toast.success(`We emailed a code to ${data.pendingEmail}`);
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const verifyMutation = useMutation({
    mutationFn: (value: string) => payoutsApi.verify(apiClient, value),
    onSuccess: (data) => {
      onSaved(data);
      setCode('');
      toast.success('PayPal email confirmed');
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(Object.keys(fields).length ? fields : { code: describeError(error) });
    },
  });

  if (account.isPending) return <Loading what="your payout account" />;
  if (account.isError) return <p role="alert">{describeError(account.error)}</p>;
  const a = account.data;
  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    setMutation.mutate(email);
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    verifyMutation.mutate(code);
  };
  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading">Payout account</h2>
      <p>
        {a.paypalEmail ? (
          <>
            Payouts go to <strong>{a.paypalEmail}</strong> (PayPal).
          </>
        ) : (
          'Add the email of your PayPal account to be paid.'
        )}
      </p>
      {a.pendingEmail ? (
        <form className="payouts-form" aria-label="Confirm PayPal email" onSubmit={submitCode} noValidate>
          <TextField
            label={`Code emailed to ${a.pendingEmail}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
          />
          <button className="button button--primary" type="submit" disabled={verifyMutation.isPending}>
            {verifyMutation.isPending ? 'Confirming…' : 'Confirm'}
          </button>
        </form>
      ) : null}
      <form className="payouts-form" aria-label="PayPal email" onSubmit={submitEmail} noValidate>
        <TextField
          label={a.paypalEmail ? 'New PayPal email' : 'PayPal email'}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.paypalEmail}
        />
        <button className="button button--secondary" type="submit" disabled={setMutation.isPending}>
          {setMutation.isPending ? 'Sending code…' : 'Send code'}
        </button>
      </form>
    </section>
  );
}

function Payouts() {
  const { apiClient } = useAuth();
  const payouts = useQuery({
    queryKey: payoutKeys.payouts,
    queryFn: ({ signal }) => payoutsApi.payouts(apiClient, signal),
  });
  if (payouts.isPending) return <Loading what="your payouts" />;
  if (payouts.isError) return <p role="alert">{describeError(payouts.error)}</p>;
  const items = payouts.data.items;
  return (
    <section className="card" aria-labelledby="payouts-heading">
      <h2 id="payouts-heading">Payouts</h2>
      {items.length === 0 ? (
        <p className="muted">No payouts yet.</p>
      ) : (
        <ScrollTable caption="Your payouts, newest first">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id}>
                <td>{formatDate(p.createdAt)}</td>
                <td>{formatMoney(p.amount, p.currency)}</td>
                <td className="payouts-wrap">{p.receiver}</td>
                <td>
                  {payoutStatusLabel(p.status)}
                  {p.reason ? <div className="muted payouts-wrap">{p.reason}</div> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

function Statements() {
  const { apiClient } = useAuth();
  const months = useQuery({
    queryKey: payoutKeys.months,
    queryFn: ({ signal }) => payoutsApi.months(apiClient, signal),
  });
  const [busy, setBusy] = useState<string | null>(null);
  async function download(month: string, format: 'pdf' | 'csv') {
    setBusy(`${month}-${format}`);
    try {
      const { blob, filename } = await payoutsApi.statement(apiClient, month, format);
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(describeError(error));
    } finally {
      setBusy(null);
    }
  }
  if (months.isPending) return <Loading what="your statements" />;
  if (months.isError) return <p role="alert">{describeError(months.error)}</p>;
  return (
    <section className="card" aria-labelledby="statements-heading">
      <h2 id="statements-heading">Statements</h2>
      <ul className="payouts-statements">
        {months.data.months.map((m) => (
          <li key={m.month}>
            <span>{m.label}</span>
            <span className="row">
              <button
                className="button button--secondary button--small"
                type="button"
                aria-label={`Download the ${m.label} statement (PDF)`}
                disabled={busy !== null}
                onClick={() => download(m.month, 'pdf')}
              >
                {busy === `${m.month}-pdf` ? 'Downloading…' : 'PDF'}
              </button>
              <button
                className="button button--secondary button--small"
                type="button"
                aria-label={`Download the ${m.label} statement (CSV)`}
                disabled={busy !== null}
                onClick={() => download(m.month, 'csv')}
              >
                {busy === `${m.month}-csv` ? 'Downloading…' : 'CSV'}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Ledger() {
  const { apiClient } = useAuth();
  const ledger = useInfiniteQuery({
    queryKey: payoutKeys.ledger,
    queryFn: ({ pageParam, signal }) => payoutsApi.ledger(apiClient, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  if (ledger.isPending) return <Loading what="your ledger" />;
  // A failed "Load more" keeps the entries shown; only a failed first page replaces them.
  if (!ledger.data) return <p role="alert">{describeError(ledger.error)}</p>;
  const items = ledger.data.pages.flatMap((page) => page.items);
  return (
    <section className="card" aria-labelledby="ledger-heading">
      <h2 id="ledger-heading">Ledger</h2>
      {items.length === 0 ? (
        <p className="muted">Nothing earned yet: each paid order adds its price and its commission here.</p>
      ) : (
        <ScrollTable caption="Your ledger, newest first">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td>{formatDate(e.at)}</td>
                <td className="payouts-wrap">{e.description}</td>
                <td className="num">{formatMoney(e.amount, e.currency)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {ledger.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void ledger.fetchNextPage()}
          disabled={ledger.isFetchingNextPage}
        >
          {ledger.isFetchingNextPage ? <Spinner label="Loading more entries" /> : 'Load more'}
        </button>
      ) : null}
      {ledger.isFetchNextPageError ? <p role="alert">{describeError(ledger.error)}</p> : null}
    </section>
  );
}
