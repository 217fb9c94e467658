import { FunctionField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { partyLinks, Thumbnails } from '../../components/fields';
import { ReasonToolbar } from '../../components/ReasonAction';
import { dateTimeText, money } from '../../format';
import { useT } from '../../i18n/keys';
import type { AdminAdjustment } from '../../types';
import { DifferenceField, StatusField } from './shared';

type Parcel = AdminAdjustment['bookedParcels'][number];

/** Staff decide a disputed adjustment: uphold it (the customer owes the difference) or overturn it. */
function AdjustmentActions() {
  return (
    <ReasonToolbar<AdminAdjustment>
      name={(a) => a.reference}
      actions={(a) =>
        a.status === 'disputed'
          ? [
              {
                target: { resource: 'adjustments', action: 'decision' },
                prompt: 'consign.adjustments.uphold',
                body: { decision: 'uphold' },
                args: { difference: money(a.difference.amount, a.difference.currency) },
                success: 'consign.adjustments.upheld',
              },
              {
                target: { resource: 'adjustments', action: 'decision' },
                prompt: 'consign.adjustments.overturn',
                body: { decision: 'overturn' },
                success: 'consign.adjustments.overturned',
              },
            ]
          : []
      }
    />
  );
}

/** Why the adjustment waits for staff, when it does (no field label: it is a sentence). */
function WaitingNote(_: { label: false }) {
  const adjustment = useRecordContext<AdminAdjustment>();
  const translate = useT();
  if (adjustment?.status !== 'disputed') return null;
  return (
    <p role="status" style={{ margin: 0, fontWeight: 600 }}>
      {translate('consign.adjustments.waits')}
    </p>
  );
}

function Parcels({ parcels }: { parcels: Parcel[] }) {
  const translate = useT();
  return (
    <ol style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {parcels.map((p, i) => (
        // Parcels have no id of their own: their place in the booking is who they are.
        // biome-ignore lint/suspicious/noArrayIndexKey: the booked order of parcels never changes
        <li key={i}>{translate('consign.adjustments.parcel', p)}</li>
      ))}
    </ol>
  );
}

const kg = (n: number) => `${n} kg`;
const instant = (iso: string | null) => (iso ? dateTimeText(iso) : '—');
const price = (m: { amount: number; currency: string }) => money(m.amount, m.currency);

/** One adjustment: the booked and measured figures and prices, the courier's photos and note, the dispute and the decision. */
export function AdjustmentShow() {
  return (
    <Show actions={<AdjustmentActions />}>
      <SimpleShowLayout>
        <WaitingNote label={false} />
        <TextField source="reference" />
        <Labeled source="status">
          <StatusField />
        </Labeled>
        <FunctionField<AdminAdjustment> source="orderReference" render={partyLinks.order} />
        <FunctionField<AdminAdjustment> source="customerName" render={partyLinks.customer} />
        <FunctionField<AdminAdjustment> source="courierName" render={partyLinks.courier} />
        <FunctionField<AdminAdjustment>
          source="bookedParcels"
          render={(a) => <Parcels parcels={a.bookedParcels} />}
        />
        <FunctionField<AdminAdjustment>
          source="measuredParcels"
          render={(a) => <Parcels parcels={a.measuredParcels} />}
        />
        <FunctionField<AdminAdjustment>
          source="bookedChargeableKg"
          render={(a) => kg(a.bookedChargeableKg)}
        />
        <FunctionField<AdminAdjustment>
          source="measuredChargeableKg"
          render={(a) => kg(a.measuredChargeableKg)}
        />
        <FunctionField<AdminAdjustment> source="bookedPrice" render={(a) => price(a.bookedPrice)} />
        <FunctionField<AdminAdjustment> source="adjustedPrice" render={(a) => price(a.adjustedPrice)} />
        <Labeled source="difference">
          <DifferenceField />
        </Labeled>
        <FunctionField<AdminAdjustment>
          source="photos"
          render={(a) => <Thumbnails urls={a.photos} what="consign.adjustments.photo" />}
        />
        <TextField source="note" emptyText="—" />
        <TextField
          source="disputeReason"
          emptyText="—"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        />
        <FunctionField<AdminAdjustment> source="disputedAt" render={(a) => instant(a.disputedAt)} />
        <TextField source="staffNote" emptyText="—" />
        <FunctionField<AdminAdjustment> source="decidedAt" render={(a) => instant(a.decidedAt)} />
        <FunctionField<AdminAdjustment> source="paidAt" render={(a) => instant(a.paidAt)} />
        <FunctionField<AdminAdjustment> source="createdAt" render={(a) => instant(a.createdAt)} />
        <TextField source="id" />
      </SimpleShowLayout>
    </Show>
  );
}
