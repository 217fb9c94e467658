import { msg } from '../../i18n/keys';

export const ROLE_CHOICES = [
  { id: 'customer', name: msg('consign.users.role.customer') },
  { id: 'vendor', name: msg('consign.users.role.vendor') },
  { id: 'partner', name: msg('consign.users.role.partner') },
  { id: 'admin', name: msg('consign.users.role.admin') },
];
