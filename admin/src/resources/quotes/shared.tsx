export const SERVICE_TYPES = [
  { id: 'domestic', name: 'consign.quotes.type.domestic' },
  { id: 'international', name: 'consign.quotes.type.international' },
  { id: 'same_day', name: 'consign.quotes.type.same_day' },
];
