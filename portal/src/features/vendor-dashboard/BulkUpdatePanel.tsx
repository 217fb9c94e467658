import { countOf } from '@consign/shared/numbers';
import { statusLabel } from '@consign/shared/statuses';
import { describeRound } from '@consign/shared/tracking';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { describeError, saveErrorMessage } from '../../shared/api/client';
import { type BulkPreview, type BulkRow, vendorOrdersApi } from '../../shared/api/vendor-orders';
import { useAuth } from '../../shared/auth/auth';
import { saveBlob } from '../../shared/orders/download';

const TEMPLATE =
  'Order ID,Status or event,Tracking number,Note,Date,Driver,Window from,Window to\r\n' +
  '#a1b2c3d4,in transit,1Z999AA10123456784,,,,,\r\n' +
  '#a1b2c3d4,out for delivery,,,,Sam,10:00,12:00\r\n';
/** Well above a day's round; the API refuses more than 1000 rows or 1 MB. */
const MAX_FILE_BYTES = 1_000_000;

/**
 * Bulk updates from a CSV: choose a file, see every row's check, apply the valid rows, download
 * the result file. Nothing changes until Apply; each row then applies on its own.
 */
export function BulkUpdatePanel({ onApplied }: { onApplied: () => void }) {
  const id = useId();
  const { apiClient } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const preview = useMutation({
    mutationFn: (text: string) => vendorOrdersApi.bulkPreview(apiClient, text),
    onError: (error) => setFileError(saveErrorMessage(error, describeError(error))),
  });
  const apply = useMutation({
    mutationFn: (text: string) => vendorOrdersApi.bulkApply(apiClient, text),
    onSuccess: (result) => {
      toast.success(`${result.applied} of ${result.rows.length} rows applied`);
      onApplied();
    },
    onError: (error) => toast.error(saveErrorMessage(error, 'The updates could not be applied')),
  });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    preview.reset();
    apply.reset();
    setFileError(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setFileError('The file is larger than 1 MB: split it into smaller files');
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    preview.mutate(text);
  }

  const shown: BulkPreview | undefined = apply.data ?? preview.data;
  const result = apply.data;

  return (
    <section className="card vendor-bulk stack" aria-labelledby={`${id}-title`}>
      <div className="row row--between">
        <h2 id={`${id}-title`}>Update orders from a CSV</h2>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => saveBlob(new Blob([TEMPLATE], { type: 'text/csv' }), 'order-updates-template.csv')}
        >
          Download a template
        </button>
      </div>
      <p className="muted">
        Columns: Order ID, Status or event (confirmed, in transit, delivered, cancelled, out for delivery,
        delivery attempted, delayed, exception), Tracking number, Note, Date (the new expected date of a
        delay), and for out for delivery, optionally Driver (first name), Window from and Window to (such as
        10:00 and 12:00). You see every row checked before anything changes.
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          CSV file
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="input"
          onChange={(e) => void choose(e)}
          aria-describedby={fileError ? `${id}-file-error` : undefined}
        />
        {fileError ? (
          <p id={`${id}-file-error`} className="field__error" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      {preview.isPending ? <Spinner label="Checking the rows" /> : null}
      {shown ? (
        <>
          <p role="status">
            {result
              ? `${result.applied} applied, ${result.rows.length - result.applied} not applied.`
              : `${shown.valid} of ${shown.rows.length} rows ready to apply${shown.invalid ? `; ${shown.invalid} with problems will be left out` : ''}.`}
          </p>
          <div className="table-scroll">
            <table className="table vendor-bulk__table" aria-label={result ? 'Applied rows' : 'Checked rows'}>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Order</th>
                  <th scope="col">Change</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {shown.rows.map((row) => (
                  <BulkRowView key={row.line} row={row} applied={Boolean(result)} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="row">
            {result ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() =>
                  saveBlob(new Blob([result.resultCsv], { type: 'text/csv' }), result.resultFileName)
                }
              >
                Download results
              </button>
            ) : (
              <button
                type="button"
                className="button button--primary"
                disabled={!file || shown.valid === 0 || apply.isPending}
                onClick={() => file && apply.mutate(file.text)}
              >
                {apply.isPending ? (
                  <Spinner label={`Applying ${countOf(shown.valid, 'row')}`} />
                ) : (
                  `Apply ${countOf(shown.valid, 'row')}`
                )}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={apply.isPending}
              onClick={() => {
                preview.reset();
                apply.reset();
                setFile(null);
                if (input.current) input.current.value = '';
              }}
            >
              {result ? 'Upload another file' : 'Clear'}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

function BulkRowView({ row, applied }: { row: BulkRow; applied: boolean }) {
  const ok = applied ? row.applied : row.ok;
  const round = describeRound(row);
  return (
    <tr className={ok ? undefined : 'vendor-bulk__row--problem'}>
      <td>{row.line}</td>
      <td className="break-all">{row.orderReference ?? row.reference}</td>
      <td>
        {/* A status's label; an event or tracking_number in sentence case, as statusLabel reads any code. */}
        {row.action ? statusLabel(row.action) : '—'}
        {row.trackingNumber && row.action !== 'tracking_number' ? ` · ${row.trackingNumber}` : ''}
        {round ? ` · ${round}` : ''}
      </td>
      <td>
        <span className={`vendor-bulk__result ${ok ? 'is-ok' : 'is-problem'}`}>
          {ok ? (applied ? 'Applied' : 'Ready') : applied ? 'Not applied' : 'Problem'}
        </span>
        {!ok || applied ? <span className="vendor-bulk__message"> {row.result}</span> : null}
      </td>
    </tr>
  );
}
