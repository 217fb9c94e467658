import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { cleanCode } from './tracking-api';
import './tracking.css';

const CODE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{12}$/;

/** `/track`: enter the code from the label, the email or the sender. */
export function TrackLookupPage() {
  usePageTitle('Track a parcel');
  const id = useId();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const clean = cleanCode(code);
    if (!CODE.test(clean)) {
      setError('A tracking code is 12 letters and numbers, such as K7P3 XQ9M HT2W');
      return;
    }
    navigate(`/track/${clean}`);
  }

  return (
    <section className="container page tracking">
      <h1>Track a parcel</h1>
      <p className="lead">
        Enter the tracking code from the parcel’s label or the email you were sent. You do not need an
        account.
      </p>
      <form className="card tracking-lookup stack" onSubmit={submit} noValidate aria-label="Track a parcel">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-code`}>
            Tracking code
          </label>
          <input
            id={`${id}-code`}
            className="input tracking-lookup__input"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            placeholder="K7P3 XQ9M HT2W"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-code-error` : `${id}-code-hint`}
          />
          {error ? (
            <p id={`${id}-code-error`} className="field__error" role="alert">
              {error}
            </p>
          ) : (
            <p id={`${id}-code-hint`} className="muted field__hint">
              12 letters and numbers; spaces and capitals do not matter.
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary">
          Track
        </button>
      </form>
    </section>
  );
}
