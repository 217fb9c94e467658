import { STAFF_ONLY } from '../session';

/**
 * Consign's English messages. They sit on top of react-admin's own English messages
 * (ra-language-english, through react-admin's defaultI18nProvider), overriding a few.
 */
export const en = {
  ra: {
    auth: {
      // The login form's first field is the account email.
      username: 'Email',
    },
  },
  consign: {
    title: 'Consign admin',
    auth: {
      staff_only: STAFF_ONLY,
    },
    reason: {
      label: 'Reason (kept in the audit log)',
      required: 'Give a reason for this change',
    },
    users: {
      role: { customer: 'Customer', vendor: 'Vendor', admin: 'Staff' },
      any_role: 'Any role',
      any_state: 'Enabled or disabled',
      disabled_only: 'Disabled',
      enabled_only: 'Enabled',
      disable: 'Disable',
      enable: 'Re-enable',
      disable_title: 'Disable %{name}?',
      disable_content: 'The account can no longer sign in, and every session it has ends at once.',
      enable_title: 'Re-enable %{name}?',
      enable_content: 'The account can sign in again.',
      disabled: '%{name} is disabled and signed out everywhere',
      enabled: '%{name} can sign in again',
    },
    vendors: {
      status: {
        pending: 'Pending',
        active: 'Active',
        suspended: 'Suspended',
      },
      any_status: 'Any status',
      activate: 'Activate',
      suspend: 'Suspend',
      activated: '%{name} is active: its courier services can be quoted',
      suspended: '%{name} is suspended: its courier services are no longer quoted',
      activate_title: 'Activate %{name}?',
      activate_content:
        'Its active courier services appear in quotes at once, and the vendor is emailed that its account is live.',
      suspend_title: 'Suspend %{name}?',
      suspend_content:
        'Its courier services leave quotes and open jobs until it is activated again, and the vendor is emailed the reason. Orders already paid stay with the vendor to complete.',
      sections: {
        business: 'Business',
        address: 'Address',
        onboarding: 'Onboarding answers',
        documents: 'Documents',
        services: 'Courier services',
        record: 'Record',
      },
      onboarding_submitted: 'Submitted %{date}',
      onboarding_draft: 'Not submitted yet (draft)',
      no_onboarding: 'The vendor has not answered the onboarding questions yet.',
      no_documents: 'No documents uploaded.',
      no_services: 'No courier services yet.',
    },
  },
  resources: {
    users: {
      name: 'User |||| Users',
      fields: {
        id: 'ID',
        email: 'Email',
        name: 'Name',
        phone: 'Phone',
        role: 'Role',
        emailVerified: 'Email verified',
        googleLinked: 'Google sign-in linked',
        disabled: 'Disabled',
        createdAt: 'Joined',
        updatedAt: 'Last changed',
      },
    },
    'audit-log': {
      name: 'Audit entry |||| Audit log',
      fields: {
        createdAt: 'When',
        actorEmail: 'Staff member',
        action: 'Action',
        entityType: 'Record type',
        entityId: 'Record ID',
        before: 'Before',
        after: 'After',
        reason: 'Reason',
      },
    },
    vendors: {
      name: 'Vendor |||| Vendors',
      fields: {
        id: 'ID',
        ownerId: 'Owner account ID',
        ownerEmail: 'Owner email',
        ownerName: 'Owner name',
        status: 'Status',
        shopName: 'Shop name',
        addressLine1: 'Address',
        city: 'Town or city',
        state: 'County',
        postalCode: 'Postcode',
        country: 'Country',
        description: 'Description',
        website: 'Website',
        logoUrl: 'Logo',
        vatNumber: 'VAT number',
        createdAt: 'Registered',
        updatedAt: 'Last changed',
      },
    },
  },
};
