import { msg } from '../../i18n/keys';

export const SERVICE_TYPE_CHOICES = [
  { id: 'domestic', name: msg('consign.services.type.domestic') },
  { id: 'international', name: msg('consign.services.type.international') },
  { id: 'same_day', name: msg('consign.services.type.same_day') },
];

export const STATUS = [
  { id: 'active', name: msg('consign.services.status.active') },
  { id: 'inactive', name: msg('consign.services.status.inactive') },
];
