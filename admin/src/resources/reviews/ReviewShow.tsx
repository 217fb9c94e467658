import { DateField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ReasonToolbar } from '../../components/ReasonAction';
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
      ]}
    />
  );
}

export function ReviewShow() {
  return (
    <Show actions={<ReviewActions />}>
      <SimpleShowLayout>
        <NumberField source="rating" />
        <TextField source="comment" sx={{ whiteSpace: 'pre-wrap' }} emptyText="—" />
        <TextField source="authorName" />
        <TextField source="vendorName" />
        <TextField source="serviceName" />
        <TextField source="orderId" />
        <TextField source="reply" sx={{ whiteSpace: 'pre-wrap' }} emptyText="—" />
        <DateField source="createdAt" showTime locales="en-GB" />
        <DateField source="updatedAt" showTime locales="en-GB" />
        <DateField source="hiddenAt" showTime locales="en-GB" emptyText="—" />
        <TextField source="hiddenReason" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
