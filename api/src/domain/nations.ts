/** The four UK nations, the route of a domestic or same-day quote. */
export const UK_NATION_VALUES = ['England', 'Northern Ireland', 'Scotland', 'Wales'] as const;
export type UkNation = (typeof UK_NATION_VALUES)[number];
