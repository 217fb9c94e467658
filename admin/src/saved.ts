import {
  type RaRecord,
  type RedirectionSideEffect,
  useNotify,
  useRedirect,
  useResourceContext,
} from 'react-admin';

/**
 * mutationOptions for an Edit or Create that says what happened in plain words ("Article saved",
 * "Partner created") instead of react-admin's "Element updated", then goes where the page would.
 * `message` is an i18n key; the record's representation is passed as %{name}.
 */
export function useSavedNotice(
  message: string,
  redirectTo: RedirectionSideEffect,
  name: (r: RaRecord) => string,
) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onSuccess: (record: RaRecord) => {
      notify(message, { type: 'success', messageArgs: { name: name(record) } });
      redirect(redirectTo, resource, record.id, record);
    },
  };
}
