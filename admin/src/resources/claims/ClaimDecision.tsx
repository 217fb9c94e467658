import { decimalToMinorUnits, minorUnitsToDecimal } from '@consign/shared/money';
import { useId, useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { DIALOG_MIN_WIDTH, WordedButton } from '../../components/WordedButton';
import type { ConsignDataProvider } from '../../dataProvider';
import { money } from '../../format';
import { useT } from '../../i18n/keys';
import type { AdminClaim, StaffClaimDecision } from '../../types';

/** The API's limit of a reason (StaffDecisionBodySchema). */
const REASON_MAX = 500;

type Decision = StaffClaimDecision['decision'];
type Bearer = NonNullable<StaffClaimDecision['bearer']>;

const field = { font: 'inherit', padding: '0.5rem', width: '100%', boxSizing: 'border-box' } as const;
const error = { color: '#b3261e' } as const;
const fieldset = { border: 0, margin: 0, padding: 0, display: 'grid', gap: '0.25rem' } as const;
const legend = { fontWeight: 600, padding: 0, marginBottom: '0.25rem' } as const;
const radio = { display: 'flex', gap: '0.5rem', alignItems: 'center' } as const;

type Problems = Partial<Record<'decision' | 'amount' | 'reason', string>>;

/**
 * "Decide": accept the claim in full, accept part of it (an amount below the claim), or reject
 * it for good; an accepted claim says who pays (the courier's earnings or the platform). Every
 * decision carries a reason, which the audit log keeps and both parties are emailed. Each
 * missing or wrong answer is said under its field before anything is sent; a refusal from the
 * API (the claim was decided meanwhile, an amount it will not take) is the toast.
 */
export function ClaimDecision({ claim }: { claim: AdminClaim }) {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [amount, setAmount] = useState('');
  const [bearer, setBearer] = useState<Bearer>('courier');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const { currency, amount: claimed } = claim.amountClaimed;
  const limits = { min: money(1, currency), max: money(claimed - 1, currency) };
  const pays = decision === 'accept' || decision === 'part_accept';

  const start = () => {
    setDecision(null);
    setAmount('');
    setBearer('courier');
    setReason('');
    setProblems({});
    setOpen(true);
  };

  /** What is wrong with the answers, each under its field; the first wrong field takes focus. */
  const check = (): { ok: false } | { ok: true; body: Omit<StaffClaimDecision, 'reason'> } => {
    const found: Problems = {};
    const pence = decimalToMinorUnits(amount, { loose: true });
    if (!decision) found.decision = translate('consign.claims.choose');
    if (decision === 'part_accept' && (pence === null || pence < 1 || pence >= claimed)) {
      found.amount = translate('consign.claims.amount_invalid', limits);
    }
    if (!reason.trim()) found.reason = translate('consign.reason.required');
    setProblems(found);
    const first = (['decision', 'amount', 'reason'] as const).find((k) => found[k]);
    if (first || !decision) {
      document.getElementById(`${id}-${first}`)?.focus();
      return { ok: false };
    }
    return {
      ok: true,
      body: {
        decision,
        ...(decision === 'part_accept' && pence !== null ? { amount: pence } : {}),
        ...(pays ? { bearer } : {}),
      },
    };
  };

  const send = async () => {
    const checked = check();
    if (!checked.ok) return;
    setBusy(true);
    try {
      const { data } = await dataProvider.act<AdminClaim>(
        { resource: 'claims', action: 'decision' },
        claim.id,
        reason.trim(),
        { body: checked.body },
      );
      notify('consign.claims.decided', {
        type: 'success',
        messageArgs: {
          name: claim.reference,
          status: translate(`consign.claims.status.${data.status}`),
        },
      });
      setOpen(false);
      refresh();
    } catch (e) {
      // The message is the API's problem detail (see http.ts), e.g. why the decision was refused.
      notify(e instanceof Error ? e.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const described = (key: keyof Problems, help?: string) =>
    [help, problems[key] ? `${id}-${key}-error` : undefined].filter(Boolean).join(' ') || undefined;

  const choices: { value: Decision; label: string }[] = [
    {
      value: 'accept',
      label: translate('consign.claims.accept', { amount: money(claimed, currency) }),
    },
    { value: 'part_accept', label: translate('consign.claims.part_accept') },
    { value: 'reject', label: translate('consign.claims.reject') },
  ];

  return (
    <>
      <WordedButton label="consign.claims.decide" variant="contained" onClick={start} />
      <Confirm
        isOpen={open}
        loading={busy}
        title="consign.claims.decide_title"
        translateOptions={{ name: claim.reference }}
        content={
          <div style={{ display: 'grid', gap: '0.75rem', minWidth: DIALOG_MIN_WIDTH }}>
            <p style={{ margin: 0 }}>{translate('consign.claims.decide_content')}</p>
            <fieldset style={fieldset} aria-describedby={described('decision')}>
              <legend style={legend}>{translate('consign.claims.decision')}</legend>
              {choices.map((choice, i) => (
                <label key={choice.value} style={radio}>
                  <input
                    type="radio"
                    name={`${id}-decision`}
                    // The first radio is where focus goes when no decision was chosen.
                    id={i === 0 ? `${id}-decision` : undefined}
                    value={choice.value}
                    checked={decision === choice.value}
                    onChange={() => {
                      setDecision(choice.value);
                      setProblems((p) => ({ ...p, decision: undefined }));
                    }}
                  />
                  {choice.label}
                </label>
              ))}
              {problems.decision && (
                <span id={`${id}-decision-error`} role="alert" style={error}>
                  {problems.decision}
                </span>
              )}
            </fieldset>
            {decision === 'part_accept' && (
              <div style={{ display: 'grid', gap: '0.25rem' }}>
                <label htmlFor={`${id}-amount`} style={{ fontWeight: 600 }}>
                  {translate('consign.claims.amount', { currency })}
                </label>
                <input
                  id={`${id}-amount`}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={minorUnitsToDecimal(Math.floor(claimed / 2))}
                  value={amount}
                  aria-invalid={Boolean(problems.amount)}
                  aria-describedby={described('amount', `${id}-amount-help`)}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setProblems((p) => ({ ...p, amount: undefined }));
                  }}
                  style={field}
                />
                <span id={`${id}-amount-help`} style={{ fontSize: '0.8125rem', color: '#4a5568' }}>
                  {translate('consign.claims.amount_help', { amount: money(claimed, currency) })}
                </span>
                {problems.amount && (
                  <span id={`${id}-amount-error`} role="alert" style={error}>
                    {problems.amount}
                  </span>
                )}
              </div>
            )}
            {pays && (
              <fieldset style={fieldset}>
                <legend style={legend}>{translate('consign.claims.who_pays')}</legend>
                {(['courier', 'platform'] as const).map((who) => (
                  <label key={who} style={radio}>
                    <input
                      type="radio"
                      name={`${id}-bearer`}
                      value={who}
                      checked={bearer === who}
                      onChange={() => setBearer(who)}
                    />
                    {translate(`consign.claims.bearer_${who}`)}
                  </label>
                ))}
              </fieldset>
            )}
            <div style={{ display: 'grid', gap: '0.25rem' }}>
              <label htmlFor={`${id}-reason`} style={{ fontWeight: 600 }}>
                {translate('consign.reason.label')}
              </label>
              <textarea
                id={`${id}-reason`}
                value={reason}
                rows={3}
                maxLength={REASON_MAX}
                required
                aria-invalid={Boolean(problems.reason)}
                aria-describedby={described('reason', `${id}-reason-count`)}
                onChange={(e) => {
                  setReason(e.target.value);
                  if (e.target.value.trim()) setProblems((p) => ({ ...p, reason: undefined }));
                }}
                style={field}
              />
              <span id={`${id}-reason-count`} style={{ fontSize: '0.8125rem', color: '#4a5568' }}>
                {translate('consign.reason.count', { count: reason.length, max: REASON_MAX })}
              </span>
              {problems.reason && (
                <span id={`${id}-reason-error`} role="alert" style={error}>
                  {problems.reason}
                </span>
              )}
            </div>
          </div>
        }
        confirm="consign.claims.send"
        onConfirm={() => void send()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
