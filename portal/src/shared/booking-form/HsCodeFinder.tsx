import { countOf } from '@consign/shared/numbers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../components/Modal';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { bookingApi, type HsCode, type HsCodeCategory } from '../api/booking';

const TARIFF_SEARCH = 'https://www.trade-tariff.service.gov.uk/search?q=';
/** Wait for a pause in typing before asking the API, so each keystroke is not a request. */
const SEARCH_DELAY_MS = 250;

interface HsCodeFinderProps {
  categories: readonly HsCodeCategory[];
  onPick: (code: string) => void;
  onClose: () => void;
}

const LEVEL_NAMES: Record<HsCode['level'], string> = { 2: 'Chapter', 4: 'Heading', 6: 'Subheading' };

/**
 * The customs-code finder. Typing searches the whole Harmonized System on the server (words,
 * everyday names such as "jumper", or the first digits of a code); the fixed
 * categories (api/src/domain/reference-data.ts) stay as shortcuts while the search box is empty. A chapter or heading opens its
 * subheadings; a 6-digit subheading can be used, and the UK Trade Tariff adds the last digits.
 */
export function HsCodeFinder({ categories, onPick, onClose }: HsCodeFinderProps) {
  const [selected, setSelected] = useState(categories[0]?.id ?? '');
  const [search, setSearch] = useState('');
  const searchId = useId();
  const statusId = useId();

  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const searching = search.trim().length >= 2;
  const results = useQuery({
    queryKey: ['hs-codes', term],
    queryFn: ({ signal }) => bookingApi.hsCodes(term, signal),
    enabled: term.length >= 2,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });

  const category = categories.find((c) => c.id === selected);
  const pending = searching && (term !== search.trim() || results.isFetching);

  return (
    <Modal title="Find HS code" onClose={onClose} size="md">
      <div className="hs-finder">
        <p className="muted hs-finder__lead">
          Customs need a commodity (HS) code for every item. Search by what the item is or by the first digits
          of its code, or start from a category. The first 6 digits are the same worldwide; the UK adds 2 to 4
          more, which you can find on the UK Trade Tariff.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={searchId}>
            Search codes
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            value={search}
            placeholder="e.g. jumper, wool, 6110"
            aria-describedby={statusId}
            onChange={(event) => setSearch(event.target.value)}
            data-autofocus
          />
        </div>
        <p id={statusId} className="muted hs-finder__status" role="status">
          {searching
            ? pending
              ? 'Searching…'
              : results.isError
                ? 'The search is not available right now. Try again, or use a category below.'
                : countOf(results.data?.length ?? 0, 'matching code')
            : ''}
        </p>
        <div className="hs-finder__body">
          {searching ? null : (
            <div className="hs-finder__categories" role="group" aria-label="Categories">
              {categories.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  aria-pressed={c.id === selected}
                  className={`hs-finder__category${c.id === selected ? ' hs-finder__category--active' : ''}`}
                  onClick={() => setSelected(c.id)}
                >
                  {c.label}
                </button>
              ))}
            </div>
          )}
          {searching ? (
            <ul className="hs-finder__codes" aria-label="Matching codes" aria-busy={pending}>
              {results.data && results.data.length === 0 && !pending ? (
                <li className="muted">
                  No code matches “{search.trim()}”.{' '}
                  <a
                    href={`${TARIFF_SEARCH}${encodeURIComponent(search.trim())}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Search the UK Trade Tariff
                  </a>
                </li>
              ) : (
                (results.data ?? []).map((code) => (
                  <li key={code.code} className={`hs-finder__code hs-finder__code--level-${code.level}`}>
                    <div>
                      <strong className="hs-finder__number">{code.code}</strong>
                      <span>{code.description}</span>
                      <span className="muted hs-finder__category-name">{LEVEL_NAMES[code.level]}</span>
                    </div>
                    <div className="row">
                      <TariffLink code={code.code} />
                      {code.level === 6 ? (
                        <UseButton code={code.code} label={code.description} onPick={onPick} />
                      ) : (
                        <button
                          type="button"
                          className="button button--secondary"
                          onClick={() => setSearch(code.code)}
                          aria-label={`Show the codes under ${code.code} ${code.description}`}
                        >
                          Show codes
                        </button>
                      )}
                    </div>
                  </li>
                ))
              )}
            </ul>
          ) : (
            <ul className="hs-finder__codes" aria-label={`${category?.label ?? ''} codes`}>
              {(category?.codes ?? []).map((code) => (
                <li key={code.code} className="hs-finder__code">
                  <div>
                    <strong className="hs-finder__number">{code.code}</strong>
                    <span>{code.label}</span>
                  </div>
                  <div className="row">
                    <TariffLink code={code.code} />
                    <UseButton code={code.code} label={code.label} onPick={onPick} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Modal>
  );
}

function TariffLink({ code }: { code: string }) {
  return (
    <a href={`${TARIFF_SEARCH}${code}`} target="_blank" rel="noreferrer" className="hs-finder__tariff">
      UK Trade Tariff
      <span className="visually-hidden"> for {code} (opens in a new tab)</span>
    </a>
  );
}

function UseButton({ code, label, onPick }: { code: string; label: string; onPick: (code: string) => void }) {
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => onPick(code)}
      aria-label={`Use ${code} ${label}`}
    >
      Use code
    </button>
  );
}
