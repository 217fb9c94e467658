import { useCallback, useEffect, useId, useState } from 'react';
import { Confirm, Link, useDataProvider, useNotify, useRecordContext } from 'react-admin';
import { Panel, SimpleTable } from '../../components/SimpleTable';
import { DIALOG_MIN_WIDTH, WordedButton } from '../../components/WordedButton';
import type { ConsignDataProvider } from '../../dataProvider';
import { dateTimeText, money, rate } from '../../format';
import { useT } from '../../i18n/keys';
import type { Vendor, VendorFinance } from '../../types';

const field = { font: 'inherit', padding: '0.5rem', width: '100%', boxSizing: 'border-box' } as const;

/**
 * "Set commission": percentage and fixed pence (or back to the default) with a reason, sent with
 * one Idempotency-Key per opening of the dialog. The API checks the numbers; its refusal (which
 * field, why) is the toast.
 */
function SetCommission({
  vendor,
  finance,
  onSaved,
}: {
  vendor: Vendor;
  finance: VendorFinance;
  onSaved: (next: VendorFinance) => void;
}) {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const notify = useNotify();
  const translate = useT();
  const id = useId();
  const name = vendor.shopName ?? vendor.ownerEmail;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState('');
  const [percent, setPercent] = useState('');
  const [fixed, setFixed] = useState('');
  const [useDefault, setUseDefault] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const start = () => {
    setKey(crypto.randomUUID());
    setPercent(String(finance.commission.percentBp / 100));
    setFixed(String(finance.commission.fixed));
    setUseDefault(false);
    setReason('');
    setMissing(false);
    setOpen(true);
  };

  const save = async () => {
    if (!reason.trim()) {
      setMissing(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const next = await dataProvider.setCommission(
        vendor.id,
        useDefault
          ? { reason: reason.trim(), useDefault: true }
          : { reason: reason.trim(), percent: Number(percent), fixed: Number(fixed) },
        key,
      );
      notify('consign.commission.saved', { type: 'success', messageArgs: { name } });
      setOpen(false);
      onSaved(next);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <WordedButton label="consign.commission.set" variant="outlined" onClick={start} />
      <Confirm
        isOpen={open}
        loading={busy}
        title="consign.commission.set_title"
        translateOptions={{ name }}
        content={
          <div style={{ display: 'grid', gap: '0.5rem', minWidth: DIALOG_MIN_WIDTH }}>
            <p style={{ margin: 0 }}>{translate('consign.commission.set_content')}</p>
            <label htmlFor={`${id}-percent`} style={{ fontWeight: 600 }}>
              {translate('consign.commission.percent')}
            </label>
            <input
              id={`${id}-percent`}
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.01}
              value={percent}
              disabled={useDefault}
              onChange={(e) => setPercent(e.target.value)}
              style={field}
            />
            <label htmlFor={`${id}-fixed`} style={{ fontWeight: 600 }}>
              {translate('consign.commission.fixed')}
            </label>
            <input
              id={`${id}-fixed`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={fixed}
              disabled={useDefault}
              onChange={(e) => setFixed(e.target.value)}
              style={field}
            />
            <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <input type="checkbox" checked={useDefault} onChange={(e) => setUseDefault(e.target.checked)} />
              {translate('consign.commission.use_default')} (
              {rate(finance.commission.defaultRate.percentBp, finance.commission.defaultRate.fixed)})
            </label>
            <label htmlFor={`${id}-reason`} style={{ fontWeight: 600 }}>
              {translate('consign.reason.label')}
            </label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              rows={3}
              maxLength={500}
              required
              aria-invalid={missing}
              aria-describedby={missing ? `${id}-reason-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
              style={field}
            />
            {missing && (
              <span id={`${id}-reason-error`} role="alert" style={{ color: '#b3261e' }}>
                {translate('consign.reason.required')}
              </span>
            )}
          </div>
        }
        confirm="ra.action.save"
        onConfirm={() => void save()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * A courier's money on its page: the commission it pays (its own or the default) with "Set
 * commission", its balance per currency, where it is paid, and its latest payouts.
 */
export function VendorMoney() {
  const vendor = useRecordContext<Vendor>();
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const translate = useT();
  const [finance, setFinance] = useState<VendorFinance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const vendorId = vendor?.id;

  const load = useCallback(async () => {
    if (!vendorId) return;
    try {
      setFinance(await dataProvider.vendorFinance(vendorId));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [dataProvider, vendorId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!vendor) return null;
  if (error) return <p role="alert">{error}</p>;
  if (!finance) return <p role="status">{translate('consign.commission.loading')}</p>;
  const c = finance.commission;
  const account = finance.payoutAccount;
  return (
    <Panel title={translate('consign.commission.title')}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' }}>
        <p style={{ margin: 0 }}>
          <strong>{translate('consign.commission.rate')}:</strong>{' '}
          {c.custom && c.updatedAt
            ? `${rate(c.percentBp, c.fixed)}, ${translate('consign.commission.custom_since', { date: dateTimeText(c.updatedAt) })}`
            : translate('consign.commission.default_rate', { rate: rate(c.percentBp, c.fixed) })}
        </p>
        <SetCommission vendor={vendor} finance={finance} onSaved={setFinance} />
      </div>
      <SimpleTable
        caption={translate('consign.commission.balances')}
        columns={[
          { label: translate('consign.commission.balances') },
          { label: translate('consign.finance.pending'), numeric: true },
          { label: translate('consign.finance.available'), numeric: true },
          { label: translate('consign.finance.paid_out'), numeric: true },
        ]}
        rows={finance.balances.map((b) => ({
          key: b.currency,
          cells: [
            b.currency,
            money(b.pending, b.currency),
            money(b.available, b.currency),
            money(b.paidOut, b.currency),
          ],
        }))}
      />
      <p style={{ margin: 0, overflowWrap: 'anywhere' }}>
        <strong>{translate('consign.commission.account')}:</strong>{' '}
        {account.paypalEmail && account.verifiedAt
          ? account.paypalEmail
          : translate('consign.commission.account_none')}
        {account.pendingEmail
          ? ` (${translate('consign.commission.account_pending', { email: account.pendingEmail })})`
          : ''}
      </p>
      {finance.payouts.length === 0 ? (
        <p style={{ margin: 0 }}>{translate('consign.commission.no_payouts')}</p>
      ) : (
        <SimpleTable
          caption={translate('consign.commission.payouts')}
          columns={[
            { label: translate('resources.payouts.fields.createdAt') },
            { label: translate('consign.finance.amount'), numeric: true },
            { label: translate('resources.payouts.fields.status') },
          ]}
          rows={finance.payouts.map((p) => ({
            key: p.id,
            cells: [
              dateTimeText(p.createdAt),
              money(p.amount, p.currency),
              <span key="status">
                {translate(`consign.payouts.status.${p.status}`)}
                {p.reason ? <span style={{ display: 'block', color: '#4a5468' }}>{p.reason}</span> : null}
              </span>,
            ],
          }))}
        />
      )}
      <Link to="/finance">{translate('consign.finance.title')}</Link>
    </Panel>
  );
}
