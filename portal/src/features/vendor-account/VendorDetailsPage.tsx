import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { isApiError, saveErrorMessage } from '../../shared/api/client';
import { countryOptions, useReferenceData } from '../../shared/api/meta';
import { myVendorQueryKey, type UpdateVendorBody, useMyVendor, vendorApi } from '../../shared/api/vendor';
import { useAuth } from '../../shared/auth/auth';
import { RequireRole } from '../../shared/auth/RequireRole';
import { LogoField } from '../../shared/components/LogoField';
import './vendor-account.css';
import { FOR_NEXT_PAGE } from '../../shared/toasts/pageToasts';

type Values = Required<{ [K in keyof UpdateVendorBody]: string }>;

const EMPTY: Values = {
  shopName: '',
  addressLine1: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'GB',
  description: '',
  website: '',
  logoUrl: '',
  vatNumber: '',
};

/** The fields the spec's submit button waits for (2.2). */
export const REQUIRED_DETAILS = ['shopName', 'description', 'country', 'state', 'postalCode'] as const;

/** What each required field is called in its message: "Shop name is required". */
const REQUIRED_LABELS: Record<(typeof REQUIRED_DETAILS)[number], string> = {
  shopName: 'Shop name',
  description: 'Description',
  country: 'Country',
  state: 'State / county',
  postalCode: 'Postal code',
};

/** `/vendor-details`: the business details a new courier fills in right after verifying its email. */
export function VendorDetailsPage() {
  usePageTitle('Your business details');
  return (
    <RequireRole roles={['vendor']} what="the business details form">
      <VendorDetailsForm />
    </RequireRole>
  );
}

function VendorDetailsForm() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const vendor = useMyVendor();
  const reference = useReferenceData();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [uploading, setUploading] = useState(false);

  // A vendor coming back to the form sees what it saved before.
  useEffect(() => {
    const v = vendor.data;
    if (!v) return;
    setValues((current) => ({
      ...current,
      ...Object.fromEntries(
        Object.keys(EMPTY).map((k) => [
          k,
          (v[k as keyof typeof v] as string | null) ?? current[k as keyof Values],
        ]),
      ),
    }));
  }, [vendor.data]);

  const save = useMutation({
    mutationFn: () => {
      // The VAT number is asked for on the profile page; this form leaves it as it is.
      const { vatNumber: _vat, ...body } = values;
      return vendorApi.update(apiClient, body);
    },
    onSuccess: (saved) => {
      // Registration ends on the spec's success page; a later edit goes back to the panel.
      const firstTime = !vendor.data?.shopName;
      queryClient.setQueryData(myVendorQueryKey, saved);
      if (firstTime) {
        navigate('/successful-vendor-register');
      } else {
        toast.success('Business details saved', FOR_NEXT_PAGE);
        navigate('/vendor-panel');
      }
    },
    onError: (error) => {
      if (isApiError(error, 422)) {
        const fieldErrors: Partial<Record<keyof Values, string>> = {};
        for (const e of error.problem.errors ?? []) {
          if (e.path in EMPTY) fieldErrors[e.path as keyof Values] = e.message;
        }
        setErrors(fieldErrors);
      }
      toast.error(saveErrorMessage(error, 'Failed to save your business details'));
    },
  });

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  // Submit is never greyed out for a reason it does not say: it names each empty field instead,
  // and focus goes to the first.
  const formRef = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading || save.isPending) return;
    const empty = REQUIRED_DETAILS.filter((field) => !values[field].trim());
    if (empty.length > 0) {
      setErrors((e) => ({
        ...e,
        ...Object.fromEntries(empty.map((field) => [field, `${REQUIRED_LABELS[field]} is required`])),
      }));
      setRefused((n) => n + 1);
      return;
    }
    save.mutate();
  }

  if (vendor.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading your business" />
      </div>
    );
  }

  return (
    <section className="container page narrow">
      <header className="page-header">
        <h1>Your business details</h1>
        <p className="muted">
          Tell customers and our team about your courier business. Fields marked * are required.
        </p>
      </header>
      <form className="card stack" onSubmit={submit} noValidate aria-label="Business details" ref={formRef}>
        <TextField
          label="Shop name *"
          value={values.shopName}
          onChange={set('shopName')}
          error={errors.shopName}
          autoComplete="organization"
          required
          maxLength={120}
        />
        <TextField
          label="Address line 1"
          value={values.addressLine1}
          onChange={set('addressLine1')}
          error={errors.addressLine1}
          autoComplete="address-line1"
          maxLength={200}
        />
        <div className="form-grid">
          <TextField
            label="City"
            value={values.city}
            onChange={set('city')}
            error={errors.city}
            autoComplete="address-level2"
            maxLength={100}
          />
          <TextField
            label="State / county *"
            value={values.state}
            onChange={set('state')}
            error={errors.state}
            autoComplete="address-level1"
            required
            maxLength={100}
          />
          <TextField
            label="Postal code *"
            value={values.postalCode}
            onChange={set('postalCode')}
            error={errors.postalCode}
            autoComplete="postal-code"
            required
            maxLength={16}
          />
          <SelectField
            label="Country *"
            value={values.country}
            onChange={set('country')}
            error={errors.country}
            autoComplete="country"
            options={[
              { value: 'GB', label: 'United Kingdom' },
              ...countryOptions(reference.data?.internationalDestinations ?? []),
            ]}
          />
        </div>
        <TextAreaField
          label="Description *"
          value={values.description}
          onChange={set('description')}
          error={errors.description}
          rows={4}
          required
          maxLength={2000}
          hint="What you carry, where, and how fast."
        />
        <TextField
          label="Website"
          type="url"
          value={values.website}
          onChange={set('website')}
          error={errors.website}
          placeholder="https://"
          autoComplete="url"
          maxLength={300}
        />
        <LogoField
          value={values.logoUrl}
          onChange={(url) => setValues((v) => ({ ...v, logoUrl: url }))}
          onUploadingChange={setUploading}
          hint="Shown with your business."
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={uploading || save.isPending}
        >
          {save.isPending ? <Spinner label="Saving" /> : 'Submit'}
        </button>
      </form>
    </section>
  );
}
