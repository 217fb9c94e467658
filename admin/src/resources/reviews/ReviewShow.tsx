import { DateField, NumberField, ReferenceField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ReasonToolbar } from '../../components/ReasonAction';
import { DATE_TIME } from '../../format';
import { msg } from '../../i18n/keys';
import type { AdminReview } from '../../types';

export function ReviewActions() {
  return (
    <ReasonToolbar<AdminReview>
      name={(review) => `${review.authorName}’s review of ${review.vendorName}`}
      actions={(review) => [
        !review.hidden && {
          target: { resource: 'reviews', action: 'hide' },
          prompt: 'consign.reviews.hide',
          label: msg('consign.reviews.hide_text'),
          success: 'consign.reviews.hidden_done',
        },
        review.hidden && {
          target: { resource: 'reviews', action: 'show' },
          prompt: 'consign.reviews.show',
          label: msg('consign.reviews.show_text'),
          success: 'consign.reviews.shown_done',
        },
      ]}
    />
  );
}

export function ReviewShow() {
  return (
    <Show actions={<ReviewActions />}>
      <SimpleShowLayout>
        <NumberField source="rating" />
        <TextField source="comment" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} emptyText="—" />
        <TextField source="authorName" />
        {/* Who wrote it: their account, which staff can open. */}
        <ReferenceField
          source="customerId"
          reference="users"
          link="show"
          label={msg('resources.reviews.fields.authorEmail')}
        />
        <TextField source="vendorName" />
        <TextField source="serviceName" />
        <ReferenceField source="orderId" reference="orders" link="show" />
        <TextField source="reply" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} emptyText="—" />
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        <DateField source="updatedAt" showTime locales="en-GB" options={DATE_TIME} />
        <DateField source="hiddenAt" showTime locales="en-GB" options={DATE_TIME} emptyText="—" />
        <TextField source="hiddenReason" emptyText="—" sx={{ overflowWrap: 'anywhere' }} />
      </SimpleShowLayout>
    </Show>
  );
}
