import type { OnboardingForm } from './onboardingForm';

type Field = keyof OnboardingForm;

export interface StepProps {
  form: OnboardingForm;
  update: (patch: Partial<OnboardingForm>) => void;
  /** The step's problems at their fields, once Next was pressed on it (none before). */
  errors: Partial<Record<Field, string>>;
}

export const text = (props: StepProps, field: Field) => ({
  value: props.form[field] as string,
  onChange: (e: { target: { value: string } }) => props.update({ [field]: e.target.value }),
  error: props.errors[field],
});
