import { countOf } from '@consign/shared/numbers';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { describeError, isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { pointKeys, pointsApi } from './dropoff-api';
import { type ImportProblems, importProblems } from './pointForm';

const STEPS = ['Reading the file', 'Checking every row', 'Saving the points'] as const;

/** 'Imported 3 points: 2 new, 1 updated'. */
export function importSummary(result: { created: number; updated: number }): string {
  return `Imported ${countOf(result.created + result.updated, 'point')}: ${result.created} new, ${result.updated} updated`;
}

/**
 * The CSV import: the file is checked first (a dry run), so a file with a bad row saves nothing
 * and every row's problems are listed; then saved, all rows together.
 */
export function ImportPoints() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<number | null>(null);
  const [problems, setProblems] = useState<ImportProblems | null>(null);
  const [fileName, setFileName] = useState('');

  const run = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setProblems({ file: ['Choose a CSV file to import'], rows: [] });
      return;
    }
    setProblems(null);
    setFileName(file.name);
    try {
      setStep(0);
      const text = await file.text();
      setStep(1);
      await pointsApi.import(apiClient, text, true);
      setStep(2);
      const result = await pointsApi.import(apiClient, text, false);
      toast.success(importSummary(result));
      if (fileRef.current) fileRef.current.value = '';
      await queryClient.invalidateQueries({ queryKey: pointKeys.all });
    } catch (error) {
      setProblems(
        isApiError(error, 422) && error.problem.errors?.length
          ? importProblems(error.problem.errors)
          : { file: [describeError(error)], rows: [] },
      );
      toast.error(`Nothing was imported from ${file.name}`);
    } finally {
      setStep(null);
    }
  };

  const busy = step !== null;
  return (
    <section className="card dropoff-import" aria-labelledby="import-heading">
      <h2 id="import-heading">Import from a CSV file</h2>
      <p className="muted">
        One point a line, under a header naming the columns: code, name, line1, line2, town, postcode, monday
        … sunday (such as 09:00-17:30, or closed), closed_dates, max_weight_kg and services (names separated
        by semicolons). A line whose code you already use updates that point. If any line is wrong, nothing is
        saved.
      </p>
      <form className="dropoff-import__form" onSubmit={run} noValidate aria-label="Import drop-off points">
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            CSV file
          </label>
          <input
            id={inputId}
            ref={fileRef}
            className="input"
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            aria-describedby={problems ? `${inputId}-problems` : undefined}
          />
        </div>
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </form>
      {busy ? (
        <div className="dropoff-import__progress" role="status">
          <label>
            {STEPS[step]} ({fileName}), step {step + 1} of {STEPS.length}
            <progress max={STEPS.length} value={step} />
          </label>
        </div>
      ) : null}
      {problems ? (
        <div className="alert alert--error dropoff-import__problems" id={`${inputId}-problems`} role="alert">
          <p>
            <strong>
              {problems.rows.length
                ? `${countOf(problems.rows.length, 'line')} of ${fileName} cannot be imported; nothing was saved.`
                : 'The file cannot be imported.'}
            </strong>
          </p>
          {problems.file.map((message) => (
            <p key={message}>{message}</p>
          ))}
          {problems.rows.length ? (
            <ul>
              {problems.rows.map((row) => (
                <li key={row.line}>
                  <strong>Line {row.line}</strong>
                  <ul>
                    {row.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
