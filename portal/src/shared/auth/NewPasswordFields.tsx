import { PASSWORD_MIN } from '@consign/shared/accounts';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { PasswordField } from '../../components/Field';

type PasswordPair = { password: string; confirmPassword: string };

/** The choose-a-password pair shared by sign-up and password reset. */
export function NewPasswordFields<T extends FieldValues & PasswordPair>({
  form,
  passwordLabel,
}: {
  form: UseFormReturn<T>;
  passwordLabel: string;
}) {
  const password = 'password' as Path<T>;
  const confirmPassword = 'confirmPassword' as Path<T>;
  const errors = form.formState.errors as FieldErrors<PasswordPair>;
  return (
    <>
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters`}
        error={errors.password?.message}
        {...form.register(password, {
          // Re-check the confirmation only once the user has typed one, not while it is still empty.
          onChange: () => {
            if (form.getValues(confirmPassword)) void form.trigger(confirmPassword);
          },
        })}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register(confirmPassword)}
      />
    </>
  );
}
