import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { addressBookApi, addressBookKeys, type SavedParcel } from '../../shared/api/address-book';
import { describeError, fieldErrorsOf } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { ConfirmDelete } from './ConfirmDelete';

const MEASURES = [
  { key: 'length', label: 'Length (cm)' },
  { key: 'width', label: 'Width (cm)' },
  { key: 'height', label: 'Height (cm)' },
  { key: 'weight', label: 'Weight (kg)' },
] as const;
type Measure = (typeof MEASURES)[number]['key'];
type Draft = Record<'label' | Measure, string>;
const EMPTY: Draft = { label: '', length: '', width: '', height: '', weight: '' };

/** What is wrong with the new size before asking the server (which checks it as a quote would). */
export function parcelDraftErrors(draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!draft.label.trim()) errors.label = 'Label is required';
  for (const { key, label } of MEASURES) {
    const name = label.replace(/ \(.*\)$/, '');
    const v = draft[key].trim();
    if (!v) errors[key] = `Enter the ${name.toLowerCase()}`;
    else if (!Number.isFinite(Number(v))) errors[key] = `${name} must be a number`;
    else if (Number(v) <= 0) errors[key] = `${name} must be more than 0`;
  }
  return errors;
}

/** Saved parcel sizes: a label and its measures, for the sizes a shop sends again and again. */
export function SavedParcels() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [deleting, setDeleting] = useState<SavedParcel | null>(null);
  const list = useQuery({
    queryKey: addressBookKeys.parcels,
    queryFn: ({ signal }) => addressBookApi.parcels(apiClient, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressBookKeys.parcels });
  const create = useMutation({
    mutationFn: () =>
      addressBookApi.createParcel(apiClient, {
        label: draft.label.trim(),
        length: Number(draft.length),
        width: Number(draft.width),
        height: Number(draft.height),
        weight: Number(draft.weight),
      }),
    onSuccess: (saved) => {
      toast.success(`Parcel size “${saved.label}” saved`);
      setDraft(EMPTY);
      void refresh();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) setErrors(fields);
      else toast.error(describeError(error));
    },
  });
  const remove = useMutation({
    mutationFn: (parcel: SavedParcel) => addressBookApi.removeParcel(apiClient, parcel.id),
    onSuccess: (_, parcel) => {
      toast.success(`Parcel size “${parcel.label}” deleted`);
      setDeleting(null);
      void refresh();
    },
    onError: (error) => toast.error(describeError(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = parcelDraftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  }
  const field = (key: keyof Draft) => ({
    value: draft[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  return (
    <section className="card saved-parcels" aria-labelledby={headingId}>
      <h2 id={headingId}>Saved parcel sizes</h2>
      {list.isPending ? (
        <p className="muted" role="status">
          <Spinner /> Loading your parcel sizes…
        </p>
      ) : list.isError ? (
        <p className="alert alert--error" role="alert">
          {describeError(list.error)}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="muted">No saved parcel sizes yet: add the boxes you send most below.</p>
      ) : (
        <ul className="plain-list saved-parcels__list" aria-label="Saved parcel sizes">
          {list.data.items.map((p) => (
            <li key={p.id} className="row row--between">
              <span>
                <strong>{p.label}</strong>{' '}
                <span className="muted">
                  {p.length} × {p.width} × {p.height} cm, {p.weight} kg
                </span>
              </span>
              <button
                type="button"
                className="button button--danger button--small"
                onClick={() => setDeleting(p)}
                aria-label={`Delete parcel size ${p.label}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="saved-parcels__form" onSubmit={submit} noValidate aria-label="Add a parcel size">
        <TextField label="Label" maxLength={40} {...field('label')} />
        {MEASURES.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            type="number"
            inputMode="decimal"
            min={key === 'weight' ? 0.1 : 1}
            step={key === 'weight' ? 0.1 : 'any'}
            {...field(key)}
          />
        ))}
        <div className="saved-parcels__submit">
          <button type="submit" className="button button--secondary" disabled={create.isPending}>
            {create.isPending ? <Spinner label="Saving" /> : 'Save parcel size'}
          </button>
        </div>
      </form>
      {deleting ? (
        <ConfirmDelete
          title={`Delete “${deleting.label}”?`}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>
            The parcel size {deleting.length} × {deleting.width} × {deleting.height} cm, {deleting.weight} kg
            leaves your saved sizes.
          </p>
        </ConfirmDelete>
      ) : null}
    </section>
  );
}
