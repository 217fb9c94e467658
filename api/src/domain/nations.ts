/** The four UK nations, the route of a domestic or same-day quote (shared with the front ends). */
export { UK_NATION_VALUES, type UkNation } from '@consign/shared/nations';
