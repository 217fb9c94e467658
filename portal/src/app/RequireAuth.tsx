/**
 * Pages written before RequireRole import this name; it is the same guard (signed-out visitors
 * go to sign in and come back, other roles get an explanation).
 */
export { RequireRole as RequireAuth } from './RequireRole';
