export const SERVICE_TYPE_CHOICES = [
  { id: 'domestic', name: 'consign.services.type.domestic' },
  { id: 'international', name: 'consign.services.type.international' },
  { id: 'same_day', name: 'consign.services.type.same_day' },
];

export const STATUS = [
  { id: 'active', name: 'consign.services.status.active' },
  { id: 'inactive', name: 'consign.services.status.inactive' },
];
