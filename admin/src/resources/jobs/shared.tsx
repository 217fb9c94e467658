export const STATUS = ['awaiting_payment', 'open', 'accepted', 'withdrawn', 'expired'].map((id) => ({
  id,
  name: `consign.jobs.status.${id}`,
}));
