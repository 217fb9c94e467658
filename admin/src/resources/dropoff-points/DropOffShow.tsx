import {
  ChipField,
  DateField,
  FunctionField,
  NumberField,
  ReferenceArrayField,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  SingleFieldList,
  TextField,
} from 'react-admin';
import { ReasonToolbar } from '../../components/ReasonAction';
import { DATE_TIME } from '../../format';
import { msg } from '../../i18n/keys';
import type { DropOffPoint } from '../../types';
import { closedDatesLine, pointAddress, STATUS, weekLines } from './shared';

export function DropOffActions() {
  return (
    <ReasonToolbar<DropOffPoint>
      name={(point) => point.name}
      actions={(point) => [
        point.status === 'active' && {
          target: { resource: 'dropoff-points', action: 'suspend' },
          prompt: 'consign.dropoff.suspend',
          label: msg('consign.dropoff.suspend'),
          success: 'consign.dropoff.suspended',
          color: 'error',
        },
        point.status === 'suspended' && {
          target: { resource: 'dropoff-points', action: 'reinstate' },
          prompt: 'consign.dropoff.reinstate',
          label: msg('consign.dropoff.reinstate'),
          success: 'consign.dropoff.reinstated',
        },
      ]}
    />
  );
}

export function DropOffShow() {
  return (
    <Show actions={<DropOffActions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="code" />
        <ReferenceField source="vendorId" reference="vendors" link="show" />
        <SelectField source="status" choices={STATUS} />
        <TextField source="suspendedReason" emptyText="—" />
        <FunctionField<DropOffPoint> source="address" render={pointAddress} />
        <FunctionField<DropOffPoint>
          source="openingHours"
          render={(p) => <span style={{ whiteSpace: 'pre-line' }}>{weekLines(p).join('\n')}</span>}
        />
        <FunctionField<DropOffPoint> source="closedDates" render={closedDatesLine} />
        <NumberField source="maxWeightKg" />
        <ReferenceArrayField source="serviceIds" reference="courier-services">
          <SingleFieldList linkType="show">
            <ChipField source="name" />
          </SingleFieldList>
        </ReferenceArrayField>
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        <DateField source="updatedAt" showTime locales="en-GB" options={DATE_TIME} />
      </SimpleShowLayout>
    </Show>
  );
}
