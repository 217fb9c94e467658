import { useState } from 'react';
import {
  Button,
  Confirm,
  DateField,
  EditButton,
  FunctionField,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { createHttpClient } from '../../http';
import { session } from '../../session';
import { formatRevenue, PARTNER_STATUS_CHOICES, type Partner } from './types';

const httpClient = createHttpClient(session);

/** A new key; the API keeps the old one working for 24 hours so the partner can redeploy. */
function RotateKeyButton() {
  const partner = useRecordContext<Partner>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  if (!partner) return null;
  const rotate = async () => {
    setPending(true);
    try {
      await httpClient(`/api/v1/admin/partners/${encodeURIComponent(partner.id)}/rotate-key`, {
        method: 'POST',
        body: '{}',
      });
      notify('New key issued; the old key works for 24 more hours', { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button label="Rotate key" onClick={() => setConfirming(true)} disabled={pending} />
      <Confirm
        isOpen={confirming}
        loading={pending}
        title={`Rotate the key of ${partner.name}?`}
        content="The partner must switch to the new key within 24 hours; the old one stops working then."
        onConfirm={() => void rotate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

export function PartnerShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <RotateKeyButton />
          <EditButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="name" />
        <SelectField source="status" choices={PARTNER_STATUS_CHOICES} />
        <TextField source="mode" />
        <TextField source="publishableKey" label="Publishable key" />
        <TextField source="previousKey" label="Previous key" emptyText="—" />
        <DateField
          source="previousKeyExpiresAt"
          label="Previous key works until"
          showTime
          locales="en-GB"
          emptyText="—"
        />
        <FunctionField<Partner> label="Allowed origins" render={(p) => p.allowedOrigins.join(', ')} />
        <NumberField source="rateLimitPerMinute" label="Calls per minute" />
        <NumberField source="quotes" />
        <NumberField source="orders" />
        <NumberField source="paidOrders" label="Paid orders" />
        <FunctionField<Partner> label="Revenue" render={(p) => formatRevenue(p.revenue)} />
        <DateField source="createdAt" showTime locales="en-GB" />
      </SimpleShowLayout>
    </Show>
  );
}
