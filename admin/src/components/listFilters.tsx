import type { ReactElement } from 'react';
import { DateInput, SearchInput, SelectInput } from 'react-admin';
import type { MessageKey } from '../i18n/keys';

type Choice = { id: string | number | boolean; name: string };

type FilterSpec =
  /** The free-text box (the API's `q` filter). */
  | 'search'
  /** A choice of values; `empty` is the i18n key of the "any" entry. */
  | { source: string; choices: Choice[]; empty?: MessageKey; alwaysOn?: boolean }
  /** A UK calendar day (YYYY-MM-DD), e.g. "placed from". */
  | { date: string; label: MessageKey };

/** Yes/no filters: the API takes a boolean, the menu shows words. */
export const yesNo = (yes: MessageKey, no: MessageKey): Choice[] => [
  { id: true, name: yes },
  { id: false, name: no },
];

/**
 * The filters of an admin list, written the same way for every resource: the search box first and
 * always shown, then choices (shown unless `alwaysOn: false`), then dates in the filter menu.
 */
export function listFilters(...specs: FilterSpec[]): ReactElement[] {
  return specs.map((spec) => {
    if (spec === 'search') return <SearchInput key="q" source="q" alwaysOn />;
    if ('date' in spec) return <DateInput key={spec.date} source={spec.date} label={spec.label} />;
    return (
      <SelectInput
        key={spec.source}
        source={spec.source}
        choices={spec.choices}
        emptyText={spec.empty}
        alwaysOn={spec.alwaysOn ?? true}
      />
    );
  });
}
