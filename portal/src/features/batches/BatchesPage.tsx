import { formatMoney } from '@consign/shared/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { SelectField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../lib/format';
import { describeError, fieldErrorsOf } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { saveBlob } from '../../shared/orders/download';
import { type BatchRule, batchesApi, batchKeys } from './batches-api';
import './batches.css';

const RULES = [
  { value: 'cheapest', label: 'Cheapest' },
  { value: 'fastest', label: 'Fastest' },
  { value: 'preferred', label: 'Preferred courier' },
] as const;

/** Batches: upload a CSV of up to 500 shipments, then open its preview. */
export function BatchesPage() {
  usePageTitle('Batches');
  return (
    <section className="batches page container">
      <header className="page-header">
        <h1>Batches</h1>
        <p className="muted">
          Book up to 500 parcels at once: upload a CSV file, check each row and fix or drop the ones that need
          it.
        </p>
      </header>
      <UploadForm />
      <BatchList />
    </section>
  );
}

function UploadForm() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [rule, setRule] = useState<BatchRule>('cheapest');
  const [preferredCourier, setPreferredCourier] = useState('');
  const [fallback, setFallback] = useState<'cheapest' | 'fastest'>('cheapest');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useMutation({
    mutationFn: (chosen: File) =>
      batchesApi.upload(apiClient, chosen, {
        ...(name ? { name } : {}),
        rule,
        ...(rule === 'preferred' ? { preferredCourier } : {}),
        fallback,
      }),
    onSuccess: (batch) => {
      queryClient.setQueryData(batchKeys.one(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: batchKeys.list });
      toast.success(
        `${batch.counts.total} rows checked: ${batch.counts.valid} ready, ${batch.counts.invalid} to fix`,
      );
      navigate(`/batches/${batch.id}`);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(Object.keys(fields).length ? fields : { file: describeError(error) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setErrors({ file: 'Choose a CSV file' });
      return;
    }
    setErrors({});
    upload.mutate(file);
  };
  async function template() {
    try {
      saveBlob(await batchesApi.template(apiClient), 'consign-batch-template.csv');
    } catch (error) {
      toast.error(describeError(error));
    }
  }
  const fileError = errors.file ?? errors.header ?? errors.rows;
  return (
    <form className="card batches-upload" aria-label="Upload a batch" onSubmit={submit} noValidate>
      <h2>New batch</h2>
      <p>
        Start from the{' '}
        <button className="link-button" type="button" onClick={template}>
          CSV template
        </button>{' '}
        (its header and one example row). Leave the sender columns blank to send from your default saved
        address.
      </p>
      <TextField
        label="CSV file"
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        error={fileError}
      />
      <TextField
        label="Name (optional)"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <div className="batches-upload__rules">
        <SelectField
          label="Choose each row's courier by"
          value={rule}
          onChange={(e) => setRule(e.target.value as BatchRule)}
          options={RULES}
          error={errors.rule}
        />
        {rule === 'preferred' ? (
          <>
            <TextField
              label="Preferred courier"
              value={preferredCourier}
              onChange={(e) => setPreferredCourier(e.target.value)}
              error={errors.preferredCourier}
            />
            <SelectField
              label="When it cannot carry a row"
              value={fallback}
              onChange={(e) => setFallback(e.target.value as 'cheapest' | 'fastest')}
              options={[
                { value: 'cheapest', label: 'Use the cheapest' },
                { value: 'fastest', label: 'Use the fastest' },
              ]}
            />
          </>
        ) : null}
      </div>
      <button className="button button--primary" type="submit" disabled={upload.isPending}>
        {upload.isPending ? (
          <>
            <Spinner /> Checking rows…
          </>
        ) : (
          'Upload and check'
        )}
      </button>
    </form>
  );
}

function BatchList() {
  const { apiClient } = useAuth();
  const list = useQuery({
    queryKey: batchKeys.list,
    queryFn: ({ signal }) => batchesApi.list(apiClient, signal),
  });
  if (list.isPending)
    return (
      <p className="muted" role="status">
        <Spinner /> Loading your batches…
      </p>
    );
  if (list.isError) return <p role="alert">{describeError(list.error)}</p>;
  const items = list.data.items;
  return (
    <section className="card" aria-labelledby="batches-heading">
      <h2 id="batches-heading">Your batches</h2>
      {items.length === 0 ? (
        <p className="muted">No batches yet: upload a file above.</p>
      ) : (
        <ul className="batches-list">
          {items.map((b) => (
            <li key={b.id}>
              <Link to={`/batches/${b.id}`}>{b.name}</Link>
              <span className="muted">{formatDate(b.createdAt)}</span>
              <span>
                {b.counts.total} rows: {b.counts.valid} ready, {b.counts.invalid} to fix
                {b.counts.dropped ? `, ${b.counts.dropped} dropped` : ''}
                {b.counts.booked ? `, ${b.counts.booked} booked` : ''}
              </span>
              <span>{formatMoney(b.payable.amount, b.payable.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
