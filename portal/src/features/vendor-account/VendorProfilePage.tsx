import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDateTime } from '../../lib/format';
import {
  authedApi,
  describeError,
  isApiError,
  saveErrorMessage,
  type UserProfile,
} from '../../shared/api/client';
import { checkDocumentFile, DOCUMENT_TYPES, FILE_TOO_LARGE, NOT_A_DOCUMENT } from '../../shared/api/uploads';
import {
  documentsQueryKey,
  myVendorQueryKey,
  useMyVendor,
  useOnboarding,
  type Vendor,
  type VendorDocument,
  vendorApi,
} from '../../shared/api/vendor';
import { useAuth } from '../../shared/auth/auth';
import { profileQueryKey, useProfile } from '../../shared/auth/profile';
import { VendorShell } from '../../shared/vendor-shell';
import './vendor-account.css';

export const messages = {
  loadFailed: 'Failed to load profile data',
  saved: 'Profile updated successfully!',
  saveFailed: 'Failed to update profile',
  uploaded: 'Document uploaded',
  uploadFailed: 'Failed to upload document',
  notADocument: NOT_A_DOCUMENT,
  removed: 'Document removed',
  removeFailed: 'Failed to remove document',
};

/** `/vendor-profile` (spec 2.9): personal and business information, documents and account status. */
export function VendorProfilePage() {
  usePageTitle('Vendor profile');
  return (
    <VendorShell what="the vendor profile">
      <VendorProfile />
    </VendorShell>
  );
}

function VendorProfile() {
  const profile = useProfile();
  const vendor = useMyVendor();
  const failed = profile.isError || vendor.isError;

  useEffect(() => {
    if (failed) toast.error(messages.loadFailed, { toastId: 'vendor-profile-load' });
  }, [failed]);

  if (profile.isPending || vendor.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading your profile" />
      </div>
    );
  }
  if (failed || !profile.data || !vendor.data) {
    return (
      <div className="card empty-state">
        <h1>{messages.loadFailed}</h1>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void profile.refetch();
            void vendor.refetch();
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <ProfileForm profile={profile.data} vendor={vendor.data} />
      <Documents />
      <AccountStatus profile={profile.data} vendor={vendor.data} />
    </>
  );
}

function ProfileForm({ profile, vendor }: { profile: UserProfile; vendor: Vendor }) {
  const { apiClient, user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  const initial = { name: profile.name ?? '', phone: profile.phone ?? '', vatNumber: vendor.vatNumber ?? '' };
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof initial, string>>>({});

  const save = useMutation({
    mutationFn: async () => {
      const me = await authedApi.updateMe(apiClient, {
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
        phone: values.phone.trim() || null,
      });
      const business = await vendorApi.update(apiClient, { vatNumber: values.vatNumber.trim() || null });
      return { me, business };
    },
    onSuccess: ({ me, business }) => {
      queryClient.setQueryData(profileQueryKey, me);
      queryClient.setQueryData(myVendorQueryKey, business);
      if (user) updateUser({ ...user, name: me.name });
      toast.success(messages.saved);
      setEditing(false);
    },
    onError: (error) => {
      if (isApiError(error, 422)) {
        const next: typeof errors = {};
        for (const e of error.problem.errors ?? []) {
          if (e.path === 'name' || e.path === 'phone' || e.path === 'vatNumber') next[e.path] = e.message;
        }
        setErrors(next);
      }
      toast.error(saveErrorMessage(error, messages.saveFailed));
    },
  });

  function cancel() {
    // Cancel discards the changes and shows the saved values again.
    setValues(initial);
    setErrors({});
    setEditing(false);
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  }

  const set = (field: keyof typeof initial) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-label="Vendor profile">
      <div className="row row--between">
        <h1>Vendor profile</h1>
        {editing ? null : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setValues(initial);
              setEditing(true);
            }}
          >
            Edit
          </button>
        )}
      </div>
      <h2>Personal Information</h2>
      {editing ? (
        <div className="form-grid">
          <TextField
            label="Full name"
            value={values.name}
            onChange={set('name')}
            error={errors.name}
            autoComplete="name"
            maxLength={120}
          />
          <TextField
            label="Email"
            value={profile.email}
            readOnly
            hint="Your sign-in email cannot be changed here."
          />
          <TextField
            label="Phone"
            type="tel"
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
            autoComplete="tel"
            maxLength={30}
          />
        </div>
      ) : (
        <dl className="status-list">
          <dt>Full name</dt>
          <dd>{profile.name || 'Not specified'}</dd>
          <dt>Email</dt>
          <dd className="break-all">{profile.email}</dd>
          <dt>Phone</dt>
          <dd>{profile.phone || 'Not specified'}</dd>
        </dl>
      )}
      <h2>Business Information</h2>
      {editing ? (
        <TextField
          label="VAT number"
          value={values.vatNumber}
          onChange={set('vatNumber')}
          error={errors.vatNumber}
          placeholder="GB123456789"
          hint="GB followed by 9 or 12 digits; leave empty if you are not VAT registered."
          maxLength={20}
        />
      ) : (
        <dl className="status-list">
          <dt>Business</dt>
          <dd>{vendor.shopName || 'Not specified'}</dd>
          <dt>VAT number</dt>
          <dd>{vendor.vatNumber || 'Not specified'}</dd>
        </dl>
      )}
      {editing ? (
        <div className="row">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? <Spinner label="Saving" /> : 'Save'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={cancel}
            disabled={save.isPending}
          >
            Cancel
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** Business documents: uploaded at once (no Edit needed), private to the vendor and staff. */
function Documents() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const documents = useQuery({
    queryKey: documentsQueryKey,
    queryFn: ({ signal }) => vendorApi.documents(apiClient, signal),
  });
  const upload = useMutation({
    mutationFn: (file: File) => vendorApi.uploadDocument(apiClient, file),
    onSuccess: () => toast.success(messages.uploaded),
    onError: (error) =>
      toast.error(
        isApiError(error, 415)
          ? messages.notADocument
          : isApiError(error, 413)
            ? FILE_TOO_LARGE
            : `${messages.uploadFailed}: ${describeError(error)}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });

  const remove = useMutation({
    mutationFn: (doc: VendorDocument) => vendorApi.removeDocument(apiClient, doc.id),
    onSuccess: () => toast.success(messages.removed),
    onError: (error) => toast.error(saveErrorMessage(error, messages.removeFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = checkDocumentFile(file);
    if (problem) toast.error(problem);
    else upload.mutate(file);
  }

  async function view(doc: VendorDocument) {
    try {
      const blob = await vendorApi.downloadDocument(apiClient, doc.id);
      const url = URL.createObjectURL(blob);
      window.open(url, '_blank', 'noopener');
      // The new tab has loaded it by then; the object URL only holds memory.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      toast.error(describeError(error));
    }
  }

  const items = documents.data?.items ?? [];
  return (
    <section className="card stack" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Business documents</h2>
      <p className="muted">
        Your business licence or registration certificate, insurance certificate and similar. Only you and our
        team can see them.
      </p>
      {documents.isPending ? (
        <Spinner label="Loading documents" />
      ) : items.length === 0 ? (
        <p className="muted">No documents uploaded yet.</p>
      ) : (
        <ul className="document-list">
          {items.map((doc) => (
            <li key={doc.id}>
              <span>{doc.name}</span>
              <span className="muted">
                {Math.max(1, Math.round(doc.size / 1024))} KB, {formatDateTime(doc.uploadedAt)}
              </span>
              <button
                type="button"
                className="link-button"
                onClick={() => void view(doc)}
                aria-label={`View ${doc.name}`}
              >
                View
              </button>
              <button
                type="button"
                className="link-button"
                onClick={() => remove.mutate(doc)}
                disabled={remove.isPending}
                aria-label={`Remove ${doc.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Upload a business document
        </label>
        <input
          id={inputId}
          type="file"
          accept={DOCUMENT_TYPES}
          aria-describedby={hintId}
          onChange={choose}
          disabled={upload.isPending}
        />
        <p className="field__hint" id={hintId}>
          An image (PNG, JPEG, WebP) or a PDF, less than 5MB.
        </p>
        {upload.isPending ? <Spinner label="Uploading document" /> : null}
      </div>
    </section>
  );
}

const STATUS_LABELS: Record<Vendor['status'], string> = {
  active: 'Active',
  pending: 'Pending activation',
  suspended: 'Suspended',
};

function AccountStatus({ profile, vendor }: { profile: UserProfile; vendor: Vendor }) {
  const onboarding = useOnboarding();
  return (
    <section className="card stack" aria-labelledby="account-status">
      <h2 id="account-status">Account Status</h2>
      <dl className="status-list">
        <dt>User type</dt>
        <dd>Vendor</dd>
        <dt>Account status</dt>
        <dd>{STATUS_LABELS[vendor.status]}</dd>
        <dt>Annual turnover</dt>
        <dd>Not specified</dd>
        <dt>Email verified</dt>
        <dd>{profile.emailVerified ? 'Verified' : 'Unverified'}</dd>
        <dt>Business verified</dt>
        <dd>{vendor.status === 'active' ? 'Verified' : 'Pending'}</dd>
        <dt>Onboarding</dt>
        <dd>
          {onboarding.data?.status === 'submitted'
            ? 'Submitted for review'
            : onboarding.data?.status === 'draft'
              ? 'In progress'
              : onboarding.data
                ? 'Not started'
                : '…'}
        </dd>
      </dl>
    </section>
  );
}
