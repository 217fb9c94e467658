import { useState } from 'react';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { WordedButton } from '../components/WordedButton';
import type { ConsignDataProvider } from '../dataProvider';
import { money } from '../format';
import { useT } from '../i18n/keys';
import type { PayoutRun } from '../types';

/** What a run paid, in words: "£12.34" or "£12.34 + €5.00" (a batch can pay several currencies). */
export function runTotal(run: PayoutRun): string {
  return (run.batch?.totals ?? []).map((t) => money(t.amount, t.currency)).join(' + ');
}

/**
 * "Run payouts": a confirmation, then `POST /admin/payouts` with one Idempotency-Key per opening
 * of the dialog (a double click or a retried request pays once), then a toast saying what it paid.
 */
export function RunPayoutsButton({ onDone }: { onDone: (run: PayoutRun) => void }) {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const notify = useNotify();
  const translate = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState('');

  const run = async () => {
    setBusy(true);
    try {
      const result = await dataProvider.runPayouts(key);
      if (result.batch) {
        notify('consign.finance.run_done', {
          type: 'success',
          messageArgs: { smart_count: result.batch.itemCount, amount: runTotal(result) },
        });
      } else {
        notify('consign.finance.run_nobody', { type: 'info' });
      }
      setOpen(false);
      onDone(result);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <WordedButton
        label="consign.finance.run"
        variant="contained"
        disabled={busy}
        onClick={() => {
          setKey(crypto.randomUUID());
          setOpen(true);
        }}
      />
      <Confirm
        isOpen={open}
        loading={busy}
        title="consign.finance.run_title"
        content={translate('consign.finance.run_content')}
        confirm="consign.finance.run"
        onConfirm={() => void run()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
