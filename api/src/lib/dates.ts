/**
 * The UK calendar moved to domain/uk-days. The portal's browser tests still import it from
 * here; this re-export goes when they import domain/uk-days (a line in portal/src/e2e, D's).
 */
export * from '../domain/uk-days';
