/**
 * A collection day the probe order is accepted for whatever the day and hour the bench runs: the
 * working day after the server's first collection day, so the 14:00 cut-off cannot pass meanwhile.
 */
export async function bookableDay(base) {
  const days = await (await fetch(`${base}/api/v1/meta/collection-days`)).json();
  const day = new Date(`${days.earliest}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while ([0, 6].includes(day.getUTCDay()) || days.bankHolidays.includes(day.toISOString().slice(0, 10)));
  return day.toISOString().slice(0, 10);
}
