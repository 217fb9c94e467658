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
      suspend_title: 'Suspend %{name}?',
      suspend_content:
        'Its courier services stop appearing in quotes until it is activated again. Orders already placed are not affected.',
      sections: {
        business: 'Business',
        address: 'Address',
        record: 'Record',
      },
    },
  },
  resources: {
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
