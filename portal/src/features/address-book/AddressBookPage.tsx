import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import {
  ADDRESS_CSV_COLUMNS,
  type AddressBookEntry,
  addressBookApi,
  addressBookKeys,
  describeImportProblem,
} from '../../shared/api/address-book';
import { describeError, isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { RequireRole } from '../../shared/auth/RequireRole';
import { DashboardLayout } from '../../shared/orders/DashboardLayout';
import { ConfirmDelete } from './ConfirmDelete';
import { EntryDialog } from './EntryDialog';
import { bodyFromValues, type EntryValues, oneLine } from './entryForm';
import { SavedParcels } from './SavedParcels';
import './address-book.css';

/** How many entries a page of the list shows. */
export const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** `/address-book`: the customer's saved addresses (and parcel sizes) beside the dashboard's links. */
export function AddressBookPage() {
  usePageTitle('Address book');
  return (
    <RequireRole what="your address book" roles={['customer']}>
      <DashboardLayout>
        <header className="page-header">
          <h1>Address book</h1>
          <p className="muted">
            Addresses you send from and to, ready for the booking form and batches. The default sender is
            where bookings and batch rows start from.
          </p>
        </header>
        <AddressBook />
        <ImportAddresses />
        <SavedParcels />
      </DashboardLayout>
    </RequireRole>
  );
}

type Editing = { entry?: AddressBookEntry } | null;

function AddressBook() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);

  const list = useQuery({
    queryKey: addressBookKeys.list(q, page),
    queryFn: ({ signal }) =>
      addressBookApi.list(apiClient, { ...(q ? { q } : {}), page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressBookKeys.all });

  const save = useMutation({
    mutationFn: ({ entry, values }: { entry?: AddressBookEntry; values: EntryValues }) =>
      entry
        ? addressBookApi.update(apiClient, entry.id, bodyFromValues(values))
        : addressBookApi.create(apiClient, bodyFromValues(values)),
    onSuccess: (saved, { entry }) => {
      toast.success(entry ? `“${saved.label}” saved` : `“${saved.label}” added to your address book`);
      setEditing(null);
      void refresh();
    },
    onError: (error) => {
      if (!isApiError(error, 422)) toast.error(describeError(error));
    },
  });
  const makeDefault = useMutation({
    mutationFn: (entry: AddressBookEntry) =>
      addressBookApi.update(apiClient, entry.id, { defaultSender: true }),
    onSuccess: (saved) => {
      toast.success(`“${saved.label}” is now your default sender`);
      void refresh();
    },
    onError: (error) => toast.error(describeError(error)),
  });
  const remove = useMutation({
    mutationFn: (entry: AddressBookEntry) => addressBookApi.remove(apiClient, entry.id),
    onSuccess: (_, entry) => {
      toast.success(`“${entry.label}” deleted`);
      setDeleting(null);
      void refresh();
    },
    onError: (error) => toast.error(describeError(error)),
  });

  function openEditor(entry?: AddressBookEntry) {
    save.reset();
    setEditing(entry ? { entry } : {});
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <section className="card address-book" aria-labelledby={headingId}>
      <div className="row row--between address-book__head">
        <h2 id={headingId}>Saved addresses</h2>
        <button type="button" className="button button--primary" onClick={() => openEditor()}>
          Add an address
        </button>
      </div>
      <TextField
        label="Search"
        type="search"
        placeholder="Label, name, street, town or postcode"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <p className="muted" role="status">
          <Spinner /> Loading your addresses…
        </p>
      ) : list.isError ? (
        <div role="alert" className="alert alert--error">
          <p>{describeError(list.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : data && data.items.length === 0 ? (
        <div className="empty-state address-book__empty">
          {q ? (
            <p>No saved address matches “{q}”.</p>
          ) : (
            <>
              <h3>No saved addresses yet</h3>
              <p className="muted">
                Add one, import a CSV file below, or tick “Save to my address book” when you book.
              </p>
            </>
          )}
        </div>
      ) : data ? (
        <>
          <p className="muted" role="status">
            {q
              ? `${data.total} ${data.total === 1 ? 'address matches' : 'addresses match'} “${q}”`
              : `${data.total} saved ${data.total === 1 ? 'address' : 'addresses'}`}
          </p>
          <ul className="plain-list address-book__list" aria-label="Saved addresses">
            {data.items.map((entry) => (
              <EntryItem
                key={entry.id}
                entry={entry}
                onEdit={() => openEditor(entry)}
                onDelete={() => setDeleting(entry)}
                onMakeDefault={() => makeDefault.mutate(entry)}
                making={makeDefault.isPending && makeDefault.variables?.id === entry.id}
              />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="row address-book__pages" aria-label="Pages of addresses">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setPage(page - 1)}
                disabled={page <= 1}
              >
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setPage(page + 1)}
                disabled={page >= pages}
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : null}

      {editing ? (
        <EntryDialog
          entry={editing.entry}
          busy={save.isPending}
          error={save.error}
          onSave={(values) => save.mutate({ entry: editing.entry, values })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          title={`Delete “${deleting.label}”?`}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>
            {deleting.address.name}, {oneLine(deleting.address)} leaves your address book. Orders booked with
            it keep their copy.
          </p>
        </ConfirmDelete>
      ) : null}
    </section>
  );
}

function EntryItem({
  entry,
  onEdit,
  onDelete,
  onMakeDefault,
  making,
}: {
  entry: AddressBookEntry;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  making: boolean;
}) {
  const id = useId();
  const { address } = entry;
  return (
    <li className="address-entry-item" aria-labelledby={id}>
      <div className="address-entry-item__text">
        <h3 id={id} className="address-entry-item__label">
          {entry.label}
          {entry.defaultSender ? <span className="address-entry-item__badge">Default sender</span> : null}
        </h3>
        <p>
          <strong>{address.name}</strong>, {oneLine(address)}
        </p>
        <p className="muted break-all">
          {address.email} · {address.phone}
        </p>
      </div>
      <div className="row address-entry-item__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={onEdit}
          aria-label={`Edit ${entry.label}`}
        >
          Edit
        </button>
        {entry.defaultSender ? null : (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onMakeDefault}
            disabled={making}
            aria-label={`Make default sender (${entry.label})`}
          >
            Make default sender
          </button>
        )}
        <button
          type="button"
          className="button button--danger button--small"
          onClick={onDelete}
          aria-label={`Delete ${entry.label}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

function ImportAddresses() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const upload = useMutation({
    mutationFn: (chosen: File) => addressBookApi.import(apiClient, chosen),
    onSuccess: (result) => {
      toast.success(`Imported: ${result.imported} added, ${result.updated} replaced`);
      void queryClient.invalidateQueries({ queryKey: addressBookKeys.all });
    },
  });
  const problems = isApiError(upload.error, 422)
    ? (upload.error.problem.errors ?? []).map((e) => describeImportProblem(e.path, e.message))
    : [];
  const otherError = upload.error && !isApiError(upload.error, 422) ? describeError(upload.error) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError('Choose a CSV file');
      return;
    }
    setFileError(undefined);
    upload.mutate(file);
  }

  return (
    <section className="card address-import" aria-labelledby={headingId}>
      <h2 id={headingId}>Import from a CSV file</h2>
      <p className="muted">
        One address a line under a header naming the columns:{' '}
        <code className="break-all">{ADDRESS_CSV_COLUMNS}</code>. Every line is checked first: if any has a
        problem, nothing is imported. A label already in your book is replaced.
      </p>
      <form className="stack" onSubmit={submit} noValidate aria-label="Import addresses">
        <TextField
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(undefined);
            upload.reset();
          }}
          error={fileError ?? otherError}
        />
        {problems.length ? (
          <div className="alert alert--error" role="alert">
            <p>{upload.error instanceof Error ? upload.error.message : 'The file has problems'}</p>
            <ul className="address-import__problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <button type="submit" className="button button--secondary" disabled={upload.isPending}>
            {upload.isPending ? (
              <>
                <Spinner /> Importing…
              </>
            ) : (
              'Import addresses'
            )}
          </button>
        </div>
      </form>
    </section>
  );
}
