import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { get, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { SelectField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { addressLine } from '../../lib/format';
import { countryName } from '../../shared/api/booking';
import {
  authedApi,
  describeError,
  isApiError,
  saveErrorMessage,
  type UpdateProfileRequest,
  type UserProfile,
} from '../../shared/api/client';
import { countryOptions, useReferenceData } from '../../shared/api/meta';
import { IMAGE_TYPES, uploadProblem, useImageUpload } from '../../shared/api/uploads';
import { useAuth } from '../../shared/auth/auth';
import { profileQueryKey, useProfile } from '../../shared/auth/profile';
import { RequireRole } from '../../shared/auth/RequireRole';
import { DashboardLayout } from '../../shared/orders/DashboardLayout';
import { bodyFromValues, type ProfileFormValues, profileFormSchema, valuesFromProfile } from './profileForm';
import './profile.css';

const messages = {
  loadFailed: 'Failed to load profile',
  saved: 'Profile updated successfully',
  saveFailed: 'Failed to update profile',
  imageUploaded: 'Image uploaded',
  uploadFailed: 'Failed to upload image',
};

/** `/profile`: the customer's name, phone, address and photo, beside the dashboard's links. */
export function ProfilePage() {
  usePageTitle('Your Profile');
  return (
    <RequireRole what="the customer profile" roles={['customer']}>
      <DashboardLayout>
        <Profile />
      </DashboardLayout>
    </RequireRole>
  );
}

function Profile() {
  const profile = useProfile();

  useEffect(() => {
    if (profile.isError) toast.error(messages.loadFailed, { toastId: 'profile-load' });
  }, [profile.isError]);

  if (profile.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading your profile" />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className="card empty-state" role="alert">
        <h1>{messages.loadFailed}</h1>
        <p className="muted">{describeError(profile.error)}</p>
        <button type="button" className="button button--primary" onClick={() => void profile.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <ProfileCard profile={profile.data} onReload={() => void profile.refetch()} />;
}

/** PATCH /users/me; the answer replaces the cached profile and the name in the header. */
function useUpdateProfile() {
  const { apiClient, user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => authedApi.updateMe(apiClient, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(profileQueryKey, updated);
      if (user) updateUser({ ...user, name: updated.name });
    },
  });
}

function ProfileCard({ profile, onReload }: { profile: UserProfile; onReload: () => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <article className="card profile">
      <header className="row row--between profile__header">
        <h1>Your Profile</h1>
        {editing ? null : (
          <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
      </header>
      <PhotoControl profile={profile} />
      {editing ? (
        <ProfileForm
          profile={profile}
          onSaved={() => setEditing(false)}
          onCancel={() => {
            setEditing(false);
            onReload();
          }}
        />
      ) : (
        <ProfileDetails profile={profile} />
      )}
    </article>
  );
}

function initials(profile: UserProfile): string {
  const words = (profile.name ?? profile.email).trim().split(/\s+/);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** The photo is saved as soon as it is uploaded, in view or edit mode alike. */
function PhotoControl({ profile }: { profile: UserProfile }) {
  const save = useUpdateProfile();
  const inputId = useId();
  const hintId = useId();
  const { uploading, onFileChange } = useImageUpload({
    onUploaded: async (avatarUrl) => {
      try {
        await save.mutateAsync({ avatarUrl });
        toast.success(messages.imageUploaded);
      } catch (error) {
        toast.error(saveErrorMessage(error, messages.saveFailed));
      }
    },
    failureMessage: (error) => uploadProblem(error) ?? saveErrorMessage(error, messages.uploadFailed),
  });
  const busy = uploading || save.isPending;

  return (
    <div className="profile-photo">
      {profile.avatarUrl ? (
        <img
          className="profile-photo__image"
          src={profile.avatarUrl}
          alt="Your profile photo"
          width={96}
          height={96}
        />
      ) : (
        <span className="profile-photo__image profile-photo__image--empty" aria-hidden="true">
          {initials(profile)}
        </span>
      )}
      <div className="profile-photo__controls">
        <input
          id={inputId}
          className="visually-hidden profile-photo__input"
          type="file"
          accept={IMAGE_TYPES}
          aria-describedby={hintId}
          disabled={busy}
          onChange={onFileChange}
        />
        <label htmlFor={inputId} className="button button--secondary button--small" aria-disabled={busy}>
          {busy ? <Spinner label="Uploading photo" /> : 'Change photo'}
        </label>
        <p className="field__hint" id={hintId}>
          PNG, JPEG or WebP, less than 5MB.
        </p>
      </div>
    </div>
  );
}

function ProfileDetails({ profile }: { profile: UserProfile }) {
  const reference = useReferenceData();
  const address = profile.address;
  const rows: [string, string][] = [
    ['Name', profile.name || 'Not set'],
    ['Email', profile.email],
    ['Phone', profile.phone || 'Not set'],
    [
      'Address',
      address
        ? addressLine({ ...address, country: countryName(address.country, reference.data) })
        : 'Not set',
    ],
  ];
  return (
    <dl className="meta-list profile__details">
      {rows.map(([label, value]) => (
        <div key={label} className="meta-list__row">
          <dt>{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The API's field paths for this form's fields (the address is one object there). */
function formPath(apiPath: string): string {
  return apiPath.replace(/^address\./, '');
}

const ADDRESS_FIELDS = [
  { name: 'line1', label: 'Street', autoComplete: 'address-line1' },
  { name: 'line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { name: 'town', label: 'Town', autoComplete: 'address-level2' },
  { name: 'county', label: 'County (optional)', autoComplete: 'address-level1' },
  { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
] as const;

interface ProfileFormProps {
  profile: UserProfile;
  onSaved: () => void;
  onCancel: () => void;
}

function ProfileForm({ profile, onSaved, onCancel }: ProfileFormProps) {
  const reference = useReferenceData();
  const save = useUpdateProfile();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: valuesFromProfile(profile),
    mode: 'onTouched',
  });

  const country = getValues('country');
  const countries = [
    { value: 'GB', label: 'United Kingdom' },
    ...countryOptions(reference.data?.internationalDestinations ?? []),
  ];
  if (!countries.some((c) => c.value === country)) countries.push({ value: country, label: country });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(bodyFromValues(values));
      toast.success(messages.saved);
      onSaved();
    } catch (error) {
      if (isApiError(error, 422)) {
        for (const field of error.problem.errors ?? []) {
          const path = formPath(field.path);
          if (get(getValues(), path) !== undefined)
            setError(path as keyof ProfileFormValues, { type: 'server', message: field.message });
        }
      }
      toast.error(saveErrorMessage(error, messages.saveFailed));
    }
  });

  return (
    <form className="stack profile__form" onSubmit={onSubmit} noValidate aria-label="Edit your profile">
      <div className="form-grid">
        <TextField
          label="Name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          value={profile.email}
          readOnly
          hint="Your sign-in email; it cannot be changed here."
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <fieldset className="profile__address">
        <legend className="profile__legend">Address</legend>
        <div className="form-grid">
          {ADDRESS_FIELDS.map(({ name, label, autoComplete }) => (
            <TextField
              key={name}
              label={label}
              autoComplete={autoComplete}
              error={errors[name]?.message}
              {...register(name)}
            />
          ))}
          <SelectField label="Country" autoComplete="country" options={countries} {...register('country')} />
        </div>
      </fieldset>
      <div className="row row--between profile__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          disabled={save.isPending}
        >
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? <Spinner label="Saving" /> : 'Save'}
        </button>
      </div>
    </form>
  );
}
