import { formatMoney } from '@consign/shared/money';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { saveBlob } from '../../shared/orders/download';
import { type Batch, batchesApi, type LabelFormat } from './batches-api';

const LABELS: { format: LabelFormat; text: string }[] = [
  { format: 'pdf-a4', text: 'A4 sheets, four to a page (PDF)' },
  { format: 'pdf-4x6', text: '4x6 inch labels (PDF)' },
  { format: 'zpl', text: 'Thermal printer (ZPL)' },
];

/**
 * The batch's files: the results (every row with its order and tracking link), the labels of
 * its orders in the three formats, and the VAT receipt of each payment once paid. Fetched with the session and handed to the browser, as an
 * order's documents are.
 */
export function BatchDownloads({ batch }: { batch: Batch }) {
  const { apiClient } = useAuth();
  const [busy, setBusy] = useState<string | null>(null);
  const booked = batch.rows.some((row) => row.order && row.order.status !== 'cancelled');

  async function download(key: string, file: () => Promise<{ blob: Blob; filename: string }>) {
    setBusy(key);
    try {
      const { blob, filename } = await file();
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(describeError(error));
    } finally {
      setBusy(null);
    }
  }

  const button = (key: string, text: string, file: () => Promise<{ blob: Blob; filename: string }>) => (
    <button
      key={key}
      type="button"
      className="button button--secondary button--small"
      disabled={busy !== null}
      aria-busy={busy === key}
      onClick={() => void download(key, file)}
    >
      {busy === key ? <Spinner /> : null}
      {text}
    </button>
  );

  return (
    <section className="card batches-downloads" aria-labelledby="batch-downloads-heading">
      <h2 id="batch-downloads-heading">Downloads</h2>
      <div className="row batches-downloads__group">
        {button('results', 'Results (CSV)', () => batchesApi.results(apiClient, batch.id))}
      </div>
      <h3>Labels</h3>
      {booked ? (
        <div className="row batches-downloads__group" role="group" aria-label="Labels">
          {LABELS.map((l) =>
            button(l.format, l.text, () => batchesApi.labels(apiClient, batch.id, l.format)),
          )}
        </div>
      ) : (
        <p className="muted">The labels are ready once rows are paid and booked.</p>
      )}
      <h3>VAT receipts</h3>
      {batch.receipts.length ? (
        <div className="row batches-downloads__group" role="group" aria-label="VAT receipts">
          {batch.receipts.map((r) =>
            button(
              `receipt-${r.number}`,
              `Receipt ${r.number}: ${formatMoney(r.amount, r.currency)}, ${r.rows} ${r.rows === 1 ? 'row' : 'rows'} (PDF)`,
              () => batchesApi.receipt(apiClient, batch.id, r.number),
            ),
          )}
        </div>
      ) : (
        <p className="muted">The VAT receipt, a line for each row, is issued once the batch is paid.</p>
      )}
    </section>
  );
}
