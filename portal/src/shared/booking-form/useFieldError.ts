import { useFormContext } from 'react-hook-form';
import { errorAt } from './formResolver';
import type { BookingValues } from './formValues';

/**
 * The sections of the booking form (step 1, shared with "post a job") read the form through
 * useFormContext, so the pages only arrange them; this is how each finds a field's error.
 */
export function useFieldError() {
  const {
    formState: { errors },
  } = useFormContext<BookingValues>();
  return (name: string): string | undefined => errorAt(errors, name);
}
