import { msg } from '../../i18n/keys';

export const SERVICE_TYPES = [
  { id: 'domestic', name: msg('consign.quotes.type.domestic') },
  { id: 'international', name: msg('consign.quotes.type.international') },
  { id: 'same_day', name: msg('consign.quotes.type.same_day') },
];
