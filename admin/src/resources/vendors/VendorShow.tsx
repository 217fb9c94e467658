import {
  DateField,
  FunctionField,
  ImageField,
  Labeled,
  Link,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import { CountryField } from '../../components/fields';
import { DATE_TIME } from '../../format';
import { type MessageKey, useT } from '../../i18n/keys';
import type { Vendor } from '../../types';
import { SafeUrlField } from './SafeUrlField';
import { VENDOR_STATUS_CHOICES } from './types';
import { VendorActions } from './VendorActions';
import { VendorMoney } from './VendorMoney';
import { VendorReview } from './VendorReview';

function VendorTitle() {
  const vendor = useRecordContext<Vendor>();
  return <span>{vendor ? (vendor.shopName ?? vendor.ownerEmail) : ''}</span>;
}

function Section({ title }: { title: MessageKey }) {
  const translate = useT();
  return <h2 style={{ margin: '1rem 0 0', fontSize: '1rem', fontWeight: 600 }}>{translate(title)}</h2>;
}

export function VendorShow() {
  return (
    <Show title={<VendorTitle />} actions={<VendorActions />}>
      <SimpleShowLayout>
        <Section title="consign.vendors.sections.business" />
        <TextField source="shopName" emptyText="—" />
        <SelectField source="status" choices={VENDOR_STATUS_CHOICES} />
        <ImageField
          source="logoUrl"
          emptyText="—"
          sx={{ '& img': { maxHeight: 96, objectFit: 'contain' } }}
        />
        <TextField source="description" emptyText="—" />
        <Labeled source="website">
          <SafeUrlField source="website" />
        </Labeled>
        <TextField source="vatNumber" emptyText="—" />
        <Section title="consign.vendors.sections.address" />
        <TextField source="addressLine1" emptyText="—" />
        <TextField source="city" emptyText="—" />
        <TextField source="state" emptyText="—" />
        <TextField source="postalCode" emptyText="—" />
        <CountryField source="country" />
        <VendorReview />
        <VendorMoney />
        <Section title="consign.vendors.sections.record" />
        <TextField source="id" />
        <FunctionField<Vendor>
          source="ownerEmail"
          render={(v) => <Link to={`/users/${encodeURIComponent(v.ownerId)}/show`}>{v.ownerEmail}</Link>}
        />
        <TextField source="ownerName" emptyText="—" />
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        <DateField source="updatedAt" showTime locales="en-GB" options={DATE_TIME} />
      </SimpleShowLayout>
    </Show>
  );
}
