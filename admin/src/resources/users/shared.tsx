export const ROLE_CHOICES = [
  { id: 'customer', name: 'consign.users.role.customer' },
  { id: 'vendor', name: 'consign.users.role.vendor' },
  { id: 'admin', name: 'consign.users.role.admin' },
];
