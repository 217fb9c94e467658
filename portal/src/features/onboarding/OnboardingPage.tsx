import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { isApiError, saveErrorMessage } from '../../shared/api/client';
import { couriersApi, couriersQueryKey } from '../../shared/api/courier-services';
import { onboardingQueryKey, useMyVendor, useOnboarding, vendorApi } from '../../shared/api/vendor';
import { useAuth } from '../../shared/auth/auth';
import { VendorShell } from '../../shared/vendor-shell';
import { CompanyStep } from './CompanyStep';
import { ComplianceStep } from './ComplianceStep';
import { ContactStep } from './ContactStep';
import {
  answersFromForm,
  formFromAnswers,
  type OnboardingForm,
  prefillForm,
  STEP_COUNT,
  STEP_TITLES,
  stepFieldProblems,
} from './onboardingForm';
import { PricingStep } from './PricingStep';
import { ServicesStep } from './ServicesStep';
import type { StepProps } from './stepProps';
import './onboarding.css';
import { FOR_NEXT_PAGE } from '../../shared/toasts/pageToasts';

export const COMPLETED_MESSAGE =
  'Vendor onboarding completed successfully! You can now access the vendor panel.';
/** How long typing may pause before the draft is saved. */
const AUTOSAVE_MS = 700;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** `/vendor-onboarding`: the five-step wizard, saved on the server as the vendor goes. */
export function OnboardingPage() {
  usePageTitle('Vendor onboarding');
  return (
    <VendorShell what="vendor onboarding">
      <Onboarding />
    </VendorShell>
  );
}

function Onboarding() {
  const { user } = useAuth();
  const onboarding = useOnboarding();
  const vendor = useMyVendor();

  // The business details prefill the wizard; if they cannot be read, the wizard still opens.
  if (onboarding.isPending || (vendor.isPending && !vendor.isError)) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading your onboarding" />
      </div>
    );
  }
  if (onboarding.isError) {
    return (
      <div className="card empty-state">
        <h1>Could not load your onboarding</h1>
        <button type="button" className="button button--secondary" onClick={() => void onboarding.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (onboarding.data.status === 'submitted') {
    return (
      <div className="card empty-state">
        <h1>Onboarding submitted</h1>
        <p className="muted">Your answers are with our team for review.</p>
        <Link to="/vendor-panel" className="button button--primary">
          Go to the vendor panel
        </Link>
      </div>
    );
  }
  const v = vendor.data;
  const initialForm = prefillForm(formFromAnswers(onboarding.data.answers), {
    shopName: v?.shopName,
    addressLine1: v?.addressLine1,
    city: v?.city,
    postalCode: v?.postalCode,
    website: v?.website,
    vatNumber: v?.vatNumber,
    accountEmail: user?.email,
  });
  return <Wizard initialStep={onboarding.data.step} initialForm={initialForm} />;
}

function Wizard({ initialStep, initialForm }: { initialStep: number; initialForm: OnboardingForm }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const headingId = useId();
  const [step, setStep] = useState(initialStep);
  const [form, setForm] = useState(initialForm);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [completing, setCompleting] = useState(false);
  // Next was pressed on this step with something missing: its problems show at their fields.
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Saves run one after another, each with the newest answers, so an older one never lands last.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef({ step, form });
  latest.current = { step, form };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const saveNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setSaveState('saving');
    const run = chain.current.then(async () => {
      const { step: s, form: f } = latest.current;
      try {
        const saved = await vendorApi.saveOnboarding(apiClient, { step: s, answers: answersFromForm(f) });
        queryClient.setQueryData(onboardingQueryKey, saved);
        setSaveState('saved');
        return true;
      } catch (error) {
        setSaveState('failed');
        if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: onboardingQueryKey });
        return false;
      }
    });
    chain.current = run;
    return run;
  }, [apiClient, queryClient]);

  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the answers or the step is a reason to save.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), AUTOSAVE_MS);
  }, [form, step, saveNow]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // The pricing step is the courier's services; the list also gates Next on that step.
  const services = useQuery({
    queryKey: couriersQueryKey,
    queryFn: ({ signal }) => couriersApi.list(apiClient, signal),
  });
  const fieldProblems = stepFieldProblems(step, form, services.data?.items);
  const problems = fieldProblems.map((p) => p.message);
  const errors: StepProps['errors'] = {};
  if (tried) for (const p of fieldProblems) if (p.field) errors[p.field] ??= p.message;
  const update = (patch: Partial<OnboardingForm>) => setForm((f) => ({ ...f, ...patch }));

  function go(to: number) {
    setStep(to);
    setTried(false);
    // The new step's heading takes focus, so keyboard and screen reader users start at its top.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  async function complete() {
    setCompleting(true);
    const saved = await saveNow();
    if (!saved) {
      toast.error('Could not save your answers. Please try again.');
      setCompleting(false);
      return;
    }
    try {
      const submitted = await vendorApi.submitOnboarding(apiClient);
      queryClient.setQueryData(onboardingQueryKey, submitted);
      toast.success(COMPLETED_MESSAGE, FOR_NEXT_PAGE);
      navigate('/vendor-panel');
    } catch (error) {
      toast.error(saveErrorMessage(error, 'Failed to complete onboarding'));
      setCompleting(false);
    }
  }

  /** Opens the services form (it comes back here) once the draft, with this step, is saved. */
  async function openServiceForm(path: string) {
    if (!(await saveNow())) {
      toast.error('Could not save your answers. Please try again.');
      return;
    }
    navigate(path);
  }

  function next(event: FormEvent) {
    event.preventDefault();
    if (completing) return;
    if (problems.length > 0) {
      // Next stays enabled (issue 51, item 11): it names each problem at its field and focuses
      // the first, or the list of what is missing when no field holds it (the services step).
      setTried(true);
      requestAnimationFrame(() => {
        const target =
          formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
          formRef.current?.querySelector<HTMLElement>('.onboarding__gate');
        target?.focus();
      });
      return;
    }
    if (step < STEP_COUNT) go(step + 1);
    else void complete();
  }

  const percent = Math.round((step / STEP_COUNT) * 100);
  const stepProps: StepProps = { form, update, errors };

  return (
    <form
      ref={formRef}
      className="card stack onboarding"
      onSubmit={next}
      noValidate
      aria-labelledby={`${headingId}-title`}
    >
      <header className="stack onboarding__header">
        <h1 id={`${headingId}-title`}>Vendor onboarding</h1>
        <ol className="onboarding__steps">
          {STEP_TITLES.map((title, index) => (
            <li key={title} aria-current={index + 1 === step ? 'step' : undefined}>
              {title}
            </li>
          ))}
        </ol>
        <div className="row row--between">
          <span>
            Step {step} of {STEP_COUNT}
          </span>
          <span className="muted">{percent}% complete</span>
        </div>
        <div
          className="onboarding__bar"
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </header>

      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="onboarding__title">
        {
          [
            'Company Information',
            'Contact',
            'Service Areas & Coverage',
            'Your Services & Prices',
            'Business Hours & Compliance',
          ][step - 1]
        }
      </h2>

      {step === 1 ? <CompanyStep {...stepProps} /> : null}
      {step === 2 ? <ContactStep {...stepProps} /> : null}
      {step === 3 ? <ServicesStep {...stepProps} /> : null}
      {step === 4 ? (
        <PricingStep
          {...stepProps}
          services={{
            items: services.data?.items,
            isError: services.isError,
            retry: () => void services.refetch(),
          }}
          onOpen={(path) => void openServiceForm(path)}
        />
      ) : null}
      {step === 5 ? <ComplianceStep {...stepProps} /> : null}

      {problems.length > 0 ? (
        <div className="onboarding__gate" id={`${headingId}-gate`} tabIndex={-1}>
          <p>To continue:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="row row--between onboarding__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={step === 1 || completing}
          onClick={() => go(Math.max(1, step - 1))}
        >
          Previous
        </button>
        <span className="form-status" role="status" aria-live="polite">
          {saveState === 'saving'
            ? 'Saving…'
            : saveState === 'saved'
              ? 'Draft saved'
              : saveState === 'failed'
                ? 'Could not save the draft; it will be retried with your next change'
                : null}
        </span>
        <button
          type="submit"
          className="button button--primary"
          disabled={completing}
          aria-describedby={problems.length > 0 ? `${headingId}-gate` : undefined}
        >
          {completing ? <Spinner label="Completing" /> : step === STEP_COUNT ? 'Complete Onboarding' : 'Next'}
        </button>
      </div>
    </form>
  );
}
