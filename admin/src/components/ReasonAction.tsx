import { type ReactNode, useId, useState } from 'react';
import {
  Confirm,
  type Identifier,
  ListButton,
  type RaRecord,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { ActOptions, AdminAction, ConsignDataProvider } from '../dataProvider';
import { type MessageKey, type PromptKey, promptContent, promptTitle, useT } from '../i18n/keys';
import { DIALOG_MIN_WIDTH, WordedButton } from './WordedButton';

const WARNING = {
  margin: 0,
  padding: '0.5rem 0.75rem',
  borderLeft: '4px solid #b26a00',
  background: '#fff4e5',
  color: '#5f3700',
} as const;

/** The API's limit of a reason (lib/audit.ts's ReasonBodySchema). */
const REASON_MAX = 500;

/**
 * The i18n key of the question: the dialog's title is `<prompt>_title` and its text
 * `<prompt>_content`; also the button's label unless `label` is given (then the prompt must be a
 * message itself). `name` is passed to each as %{name}.
 */
type ReasonActionWords =
  | { prompt: PromptKey & MessageKey; label?: MessageKey }
  | { prompt: PromptKey; label: MessageKey };

type ReasonActionProps = ReasonActionWords & {
  target: AdminAction;
  id: Identifier;
  /** The i18n key of the message shown once the change is saved. */
  success: MessageKey;
  name: string;
  color?: 'primary' | 'error';
  /** More %{placeholders} for the title, content and success messages. */
  args?: Record<string, unknown>;
  /** More body fields (e.g. an order's new status). */
  body?: ActOptions['body'];
  /** Send an Idempotency-Key, new for each opening of the dialog (routes that move money). */
  idempotent?: boolean;
  /** What staff should know before confirming (i18n keys), shown above the reason. */
  warnings?: MessageKey[];
};

/**
 * A button that opens a dialog asking for the reason, then runs one admin action. Every change
 * staff make carries a reason (the API refuses one without and keeps it in the audit log), so
 * the dialog will not confirm until one is written.
 */
export function ReasonAction({
  target,
  id,
  prompt,
  label = prompt as MessageKey,
  success,
  name,
  color,
  body,
  idempotent,
  args,
  warnings = [],
}: ReasonActionProps) {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useT();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState('');

  const close = () => {
    setOpen(false);
    setReason('');
    setMissing(false);
  };

  const run = async () => {
    if (reason.trim() === '') {
      setMissing(true);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setBusy(true);
    try {
      await dataProvider.act<RaRecord>(target, id, reason.trim(), {
        body,
        idempotencyKey: idempotent ? key : undefined,
      });
      notify(success, { type: 'success', messageArgs: { ...args, name } });
      close();
      refresh();
    } catch (error) {
      // The message is the API's problem detail (see http.ts), e.g. why the change was refused.
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <WordedButton
        label={label}
        labelArgs={{ ...args, name }}
        onClick={() => {
          setKey(crypto.randomUUID());
          setOpen(true);
        }}
        disabled={busy}
        variant={color === 'error' ? 'text' : 'contained'}
        color={color ?? 'primary'}
      />
      <Confirm
        isOpen={open}
        loading={busy}
        title={promptTitle(prompt)}
        translateOptions={{ ...args, name }}
        content={
          <div style={{ display: 'grid', gap: '0.5rem', minWidth: DIALOG_MIN_WIDTH }}>
            <p style={{ margin: 0 }}>{translate(promptContent(prompt), { ...args, name })}</p>
            {warnings.map((warning) => (
              <p key={warning} role="note" style={WARNING}>
                {translate(warning, { ...args, name })}
              </p>
            ))}
            <label htmlFor={fieldId} style={{ fontWeight: 600 }}>
              {translate('consign.reason.label')}
            </label>
            <textarea
              id={fieldId}
              value={reason}
              rows={3}
              maxLength={REASON_MAX}
              required
              aria-invalid={missing}
              aria-describedby={missing ? `${fieldId}-count ${fieldId}-error` : `${fieldId}-count`}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
              style={{ font: 'inherit', padding: '0.5rem', width: '100%', boxSizing: 'border-box' }}
            />
            <span id={`${fieldId}-count`} style={{ fontSize: '0.8125rem', color: '#4a5568' }}>
              {translate('consign.reason.count', { count: reason.length, max: REASON_MAX })}
            </span>
            {missing && (
              <span id={`${fieldId}-error`} role="alert" style={{ color: '#b3261e' }}>
                {translate('consign.reason.required')}
              </span>
            )}
          </div>
        }
        confirm={label}
        confirmColor={color === 'error' ? 'warning' : 'primary'}
        onConfirm={() => void run()}
        onClose={close}
      />
    </>
  );
}

/** Omit kept per member of a union (each way of naming the button stays whole). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type ReasonActionSpec = OmitEach<ReasonActionProps, 'id' | 'name'>;

/**
 * The toolbar of a show page whose record staff change with a reason: one ReasonAction per
 * action the record allows now (`actions` leaves out the others), then any other buttons and the
 * way back to the list.
 */
export function ReasonToolbar<T extends RaRecord>({
  name,
  actions,
  children,
}: {
  name: (record: T) => string;
  actions: (record: T) => (ReasonActionSpec | false | null | undefined)[];
  children?: ReactNode;
}) {
  const record = useRecordContext<T>();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      {record &&
        actions(record)
          .filter((spec): spec is ReasonActionSpec => Boolean(spec))
          .map((spec) => (
            <ReasonAction
              key={`${spec.target.action}${JSON.stringify(spec.body ?? {})}`}
              {...spec}
              id={record.id}
              name={name(record)}
            />
          ))}
      {children ?? <ListButton />}
    </TopToolbar>
  );
}
