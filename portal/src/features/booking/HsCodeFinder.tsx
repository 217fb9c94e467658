import { useId, useMemo, useState } from 'react';
import { Modal } from '../../components/Modal';
import type { HsCodeCategory } from './api';

const TARIFF_SEARCH = 'https://www.trade-tariff.service.gov.uk/search?q=';

interface HsCodeFinderProps {
  categories: readonly HsCodeCategory[];
  onPick: (code: string) => void;
  onClose: () => void;
}

/**
 * The customs-code finder: the specification's categories with their commodity codes. Picking a
 * code fills the breakdown row it was opened from; every category and code also links to the
 * UK Trade Tariff for anything more specific.
 */
export function HsCodeFinder({ categories, onPick, onClose }: HsCodeFinderProps) {
  const [selected, setSelected] = useState(categories[0]?.id ?? '');
  const [search, setSearch] = useState('');
  const searchId = useId();
  const listId = useId();

  const term = search.trim().toLowerCase();
  const matches = useMemo(() => {
    if (!term) return null;
    return categories.flatMap((category) =>
      category.codes
        .filter(
          (code) =>
            code.label.toLowerCase().includes(term) ||
            code.code.startsWith(term) ||
            category.label.toLowerCase().includes(term),
        )
        .map((code) => ({ ...code, category: category.label })),
    );
  }, [categories, term]);

  const category = categories.find((c) => c.id === selected);
  const codes = matches ?? category?.codes.map((code) => ({ ...code, category: category.label })) ?? [];

  return (
    <Modal title="Find HS code" onClose={onClose} size="md">
      <div className="hs-finder">
        <p className="muted hs-finder__lead">
          Customs need a commodity (HS) code for every item. Choose the category that fits and use its code,
          or look it up on the UK Trade Tariff.
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
            placeholder="e.g. shoes, books, 6205"
            onChange={(event) => setSearch(event.target.value)}
            data-autofocus
          />
        </div>
        <div className="hs-finder__body">
          {matches ? null : (
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
          <ul
            className="hs-finder__codes"
            id={listId}
            aria-label={matches ? 'Matching codes' : `${category?.label ?? ''} codes`}
          >
            {codes.length === 0 ? (
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
              codes.map((code) => (
                <li key={`${code.category}-${code.code}`} className="hs-finder__code">
                  <div>
                    <strong className="hs-finder__number">{code.code}</strong>
                    <span>{code.label}</span>
                    {matches ? <span className="muted hs-finder__category-name">{code.category}</span> : null}
                  </div>
                  <div className="row">
                    <a
                      href={`${TARIFF_SEARCH}${code.code}`}
                      target="_blank"
                      rel="noreferrer"
                      className="hs-finder__tariff"
                    >
                      UK Trade Tariff
                      <span className="visually-hidden"> for {code.code} (opens in a new tab)</span>
                    </a>
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => onPick(code.code)}
                      aria-label={`Use ${code.code} ${code.label}`}
                    >
                      Use code
                    </button>
                  </div>
                </li>
              ))
            )}
          </ul>
        </div>
      </div>
    </Modal>
  );
}
