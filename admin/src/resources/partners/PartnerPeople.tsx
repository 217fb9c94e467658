import { isValidEmail } from '@consign/shared/accounts';
import { useCallback, useEffect, useId, useState } from 'react';
import { Confirm, HttpError, useNotify, useRecordContext } from 'react-admin';
import { DIALOG_MIN_WIDTH, WordedButton } from '../../components/WordedButton';
import { dateTimeText } from '../../format';
import { msg, useT } from '../../i18n/keys';
import { type PartnerUser, peopleApi } from './people';
import type { Partner } from './types';

const cell = { padding: '0.5rem 0.75rem', textAlign: 'left', borderBottom: '1px solid #e0e4ec' } as const;
const errorStyle = { color: '#b3261e', margin: 0 } as const;
const inputStyle = { font: 'inherit', padding: '0.5rem', width: '100%', boxSizing: 'border-box' } as const;

/** The partner's users (invited or active) and the Invite button; shown on the partner's page. */
// `label` is read by SimpleShowLayout, which heads the field with it.
const HTTP_ERROR = 'ra.notification.http_error';

export function PartnerPeople(_props: { label?: string }) {
  const partner = useRecordContext<Partner>();
  const translate = useT();
  const [people, setPeople] = useState<PartnerUser[] | null>(null);
  // The API's own words, or react-admin's message when there are none.
  const [failed, setFailed] = useState<string | null>(null);
  const partnerId = partner ? String(partner.id) : null;

  const load = useCallback(async () => {
    if (!partnerId) return;
    setFailed(null);
    try {
      setPeople(await peopleApi.list(partnerId));
    } catch (error) {
      setFailed(error instanceof Error ? error.message : HTTP_ERROR);
    }
  }, [partnerId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!partner) return null;
  return (
    <div style={{ display: 'grid', gap: '0.75rem', width: '100%' }}>
      {failed ? (
        <p role="alert" style={errorStyle}>
          {failed === HTTP_ERROR ? translate(HTTP_ERROR) : failed}
        </p>
      ) : people === null ? (
        <p style={{ margin: 0 }}>{translate('consign.partners.people_loading')}</p>
      ) : people.length === 0 ? (
        <p style={{ margin: 0 }}>{translate('consign.partners.people_none')}</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <caption style={{ position: 'absolute', left: '-10000px' }}>
              {translate('consign.partners.people_caption', { name: partner.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col" style={cell}>
                  {translate('consign.partners.person_name')}
                </th>
                <th scope="col" style={cell}>
                  {translate('consign.partners.person_email')}
                </th>
                <th scope="col" style={cell}>
                  {translate('consign.partners.person_status')}
                </th>
                <th scope="col" style={cell}>
                  {translate('consign.partners.person_last_sign_in')}
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.id}>
                  <th scope="row" style={{ ...cell, fontWeight: 400 }}>
                    {person.name}
                  </th>
                  <td style={cell}>{person.email}</td>
                  <td style={cell}>{translate(`consign.partners.person_${person.status}`)}</td>
                  <td style={cell}>{person.lastSignInAt ? dateTimeText(person.lastSignInAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div>
        <InviteButton
          partnerId={String(partner.id)}
          partnerName={partner.name}
          onInvited={() => void load()}
        />
      </div>
    </div>
  );
}

type Errors = { email?: string; name?: string; form?: string };

/** Invite: email and name, checked here and by the API; the API mails the set-password link. */
function InviteButton({
  partnerId,
  partnerName,
  onInvited,
}: {
  partnerId: string;
  partnerName: string;
  onInvited: () => void;
}) {
  const translate = useT();
  const notify = useNotify();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setEmail('');
    setName('');
    setErrors({});
  };

  const send = async () => {
    const found: Errors = {};
    if (!isValidEmail(email.trim())) found.email = translate('consign.partners.invite_email_invalid');
    if (!name.trim()) found.name = translate('consign.partners.invite_name_missing');
    setErrors(found);
    if (found.email || found.name) {
      document.getElementById(found.email ? `${id}-email` : `${id}-name`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const invited = await peopleApi.invite(partnerId, { email: email.trim(), name: name.trim() });
      notify(msg('consign.partners.invited'), {
        type: 'success',
        messageArgs: { email: invited.email, name: partnerName },
      });
      close();
      onInvited();
    } catch (error) {
      // A 422 names the field (see http.ts withFieldErrors); anything else is said in the dialog.
      const fields =
        error instanceof HttpError ? (error.body?.errors as Record<string, string> | undefined) : undefined;
      if (fields?.email || fields?.name) setErrors({ email: fields.email, name: fields.name });
      else
        setErrors({ form: error instanceof Error ? error.message : translate('ra.notification.http_error') });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: 'email' | 'name', value: string, set: (v: string) => void, type: string) => (
    <div style={{ display: 'grid', gap: '0.25rem' }}>
      <label htmlFor={`${id}-${key}`} style={{ fontWeight: 600 }}>
        {translate(`consign.partners.invite_${key}`)}
      </label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={value}
        autoComplete="off"
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(event) => set(event.target.value)}
        style={inputStyle}
      />
      {errors[key] ? (
        <p id={`${id}-${key}-error`} role="alert" style={errorStyle}>
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <>
      <WordedButton label="consign.partners.invite" variant="contained" onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={msg('consign.partners.invite_title')}
        translateOptions={{ name: partnerName }}
        confirm={msg('consign.partners.invite_send')}
        content={
          <form
            style={{ display: 'grid', gap: '0.75rem', minWidth: DIALOG_MIN_WIDTH }}
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <p style={{ margin: 0 }}>{translate('consign.partners.invite_content', { name: partnerName })}</p>
            {field('email', email, setEmail, 'email')}
            {field('name', name, setName, 'text')}
            {errors.form ? (
              <p role="alert" style={errorStyle}>
                {errors.form}
              </p>
            ) : null}
            {/* Enter in a field sends, as the dialog's button does. */}
            <button type="submit" hidden tabIndex={-1} />
          </form>
        }
        onConfirm={() => void send()}
        onClose={close}
      />
    </>
  );
}
