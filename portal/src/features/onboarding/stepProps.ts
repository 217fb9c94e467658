import type { OnboardingForm } from './onboardingForm';

export interface StepProps {
  form: OnboardingForm;
  update: (patch: Partial<OnboardingForm>) => void;
}

type Field = keyof OnboardingForm;
export const text = (props: StepProps, field: Field) => ({
  value: props.form[field] as string,
  onChange: (e: { target: { value: string } }) => props.update({ [field]: e.target.value }),
});
