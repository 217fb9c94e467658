import { DataTable, DateField, useRecordContext } from 'react-admin';
import { ReasonAction } from '../../components/ReasonAction';
import { DATE_TIME, dateTimeText } from '../../format';
import { msg, useT } from '../../i18n/keys';
import type { AdminSession, AdminUser } from '../../types';
import { UserRecords } from './UserRecords';

function SessionState() {
  const session = useRecordContext<AdminSession>();
  const translate = useT();
  if (!session) return null;
  if (session.active) return <span>{translate('consign.users.session_active')}</span>;
  return (
    <span>
      {session.revokedAt
        ? translate('consign.users.session_revoked', {
            date: dateTimeText(session.revokedAt),
          })
        : translate('consign.users.session_ended')}
    </span>
  );
}

/** Ends one live session with a reason; the others keep working. */
function RevokeSession({ name }: { name: string }) {
  const session = useRecordContext<AdminSession>();
  if (!session?.active) return null;
  return (
    <ReasonAction
      target={{ resource: 'user-sessions', action: 'revoke' }}
      id={session.id}
      name={name}
      prompt="consign.users.revoke_session"
      success="consign.users.session_revoked_done"
      color="error"
    />
  );
}

/**
 * The account's sign-ins (each a refresh-token family on the API): when it began, was last
 * refreshed and ends, most recently used first. No token material is ever shown.
 */
// `label` is read by SimpleShowLayout, which heads the field with it.
export function UserSessions(_props: { label?: string }) {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return (
    <UserRecords
      label={msg('consign.users.sessions')}
      reference="user-sessions"
      target="userId"
      sortField="lastUsedAt"
      empty={msg('consign.users.no_sessions')}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
        <DataTable.Col source="lastUsedAt">
          <DateField source="lastUsedAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
        <DataTable.Col source="expiresAt">
          <DateField source="expiresAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
        <DataTable.Col source="active" disableSort>
          <SessionState />
        </DataTable.Col>
        <DataTable.Col label="" disableSort>
          <RevokeSession name={user.email} />
        </DataTable.Col>
      </DataTable>
    </UserRecords>
  );
}
