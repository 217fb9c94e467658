import { DateField, Labeled, Link, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { SimpleTable } from '../../components/SimpleTable';
import { DATE_TIME, dateTimeText, money } from '../../format';
import { useT } from '../../i18n/keys';
import type { PayoutBatchDetail } from '../../types';
import { PayoutStatusField, PayoutTotalsField, PayoutTriggerField } from './shared';

function PayoutTitle() {
  const batch = useRecordContext<PayoutBatchDetail>();
  return <span>{batch ? dateTimeText(batch.createdAt) : ''}</span>;
}

/** The batch's items: each courier, what it is paid, where, and how it ended (with PayPal's reason). */
function PayoutItems() {
  const batch = useRecordContext<PayoutBatchDetail>();
  const translate = useT();
  // Opened from the list, the record is first the list's row, which has no items: wait for them.
  if (!batch?.items) return null;
  if (batch.items.length === 0) return <p>{translate('consign.payouts.no_items')}</p>;
  return (
    <SimpleTable
      caption={translate('consign.payouts.items_caption')}
      columns={[
        { label: translate('consign.finance.courier') },
        { label: translate('consign.finance.paypal') },
        { label: translate('consign.finance.amount'), numeric: true },
        { label: translate('resources.payouts.fields.status') },
        { label: translate('resources.payouts.fields.closedAt') },
      ]}
      rows={batch.items.map((item) => ({
        key: item.id,
        cells: [
          <Link key="vendor" to={`/vendors/${encodeURIComponent(item.vendorId)}/show`}>
            {item.vendorName ?? item.vendorId}
          </Link>,
          <span key="to" style={{ overflowWrap: 'anywhere' }}>
            {item.receiver}
          </span>,
          money(item.amount, item.currency),
          <span key="status">
            {translate(`consign.payouts.status.${item.status}`)}
            {item.reason ? <span style={{ display: 'block', color: '#4a5468' }}>{item.reason}</span> : null}
          </span>,
          item.settledAt ? dateTimeText(item.settledAt) : '—',
        ],
      }))}
    />
  );
}

/** One payout batch: how it was run and sent, its totals, and every item with its status. */
export function PayoutShow() {
  return (
    <Show title={<PayoutTitle />}>
      <SimpleShowLayout>
        <TextField source="id" />
        <Labeled source="status">
          <PayoutStatusField />
        </Labeled>
        <Labeled source="trigger">
          <PayoutTriggerField />
        </Labeled>
        <Labeled source="totals">
          <PayoutTotalsField />
        </Labeled>
        <TextField source="provider" />
        <TextField source="providerBatchId" emptyText="—" />
        <TextField source="failureReason" emptyText="—" />
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        <DateField source="sentAt" showTime locales="en-GB" options={DATE_TIME} emptyText="—" />
        <DateField source="closedAt" showTime locales="en-GB" options={DATE_TIME} emptyText="—" />
        <Labeled label="consign.payouts.items" fullWidth>
          <PayoutItems />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
