import type { components } from '@consign/api/client';
import { useEffect, useId, useMemo, useState } from 'react';
import { publicClient, unwrap } from '../../app/api';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import type { HsCodeCategory } from './api';

type HsMatch = components['schemas']['HsCodeList']['items'][number];
type HsSearch = { term: string; status: 'loading' | 'done' | 'error'; items: HsMatch[] };

/** The whole Harmonized System, searched by the API as the person types (2+ characters). */
function useHsSearch(term: string): HsSearch | null {
  const [result, setResult] = useState<HsSearch | null>(null);
  useEffect(() => {
    if (term.length < 2) {
      setResult(null);
      return;
    }
    const controller = new AbortController();
    setResult({ term, status: 'loading', items: [] });
    publicClient
      .GET('/api/v1/hs-codes', { params: { query: { q: term } }, signal: controller.signal })
      .then((response) => setResult({ term, status: 'done', items: unwrap(response).items }))
      .catch(() => {
        if (!controller.signal.aborted) setResult({ term, status: 'error', items: [] });
      });
    return () => controller.abort();
  }, [term]);
  return result?.term === term ? result : null;
}

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

  const full = useHsSearch(term);
  const category = categories.find((c) => c.id === selected);
  const codes = matches ?? category?.codes.map((code) => ({ ...code, category: category.label })) ?? [];
  // Nothing anywhere: no shortcut matches and the full search has answered without any.
  const nothing = !matches || (full !== null && full.status !== 'loading' && full.items.length === 0);

  return (
    <Modal title="Find HS code" onClose={onClose} size="md">
      <div className="hs-finder">
        <p className="muted hs-finder__lead">
          Customs need a commodity (HS) code for every item. Search the whole Harmonized System by word or
          code, or choose a common category. The first 6 digits are international; the UK tariff adds 2 more
          (8 for exports, 10 for imports): add them after the 6 if you know them.
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
          <div className="stack">
            <ul
              className="hs-finder__codes"
              id={listId}
              aria-label={matches ? 'Matching codes' : `${category?.label ?? ''} codes`}
            >
              {codes.length === 0 ? (
                nothing ? (
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
                ) : null
              ) : (
                codes.map((code) => (
                  <li key={`${code.category}-${code.code}`} className="hs-finder__code">
                    <div>
                      <strong className="hs-finder__number">{code.code}</strong>
                      <span>{code.label}</span>
                      {matches ? (
                        <span className="muted hs-finder__category-name">{code.category}</span>
                      ) : null}
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
            {matches ? (
              <div className="stack">
                <h3 className="hs-finder__heading">Harmonized System</h3>
                {full === null || full.status === 'loading' ? (
                  <Spinner label="Searching every code" />
                ) : full.status === 'error' ? (
                  <p className="muted" role="status">
                    The full code list could not be searched just now; try again, or use the UK Trade Tariff.
                  </p>
                ) : full.items.length === 0 ? null : (
                  <ul className="hs-finder__codes" aria-label="Harmonized System codes">
                    {full.items.map((item) => (
                      <li key={item.code} className="hs-finder__code">
                        <div>
                          <strong className="hs-finder__number">{item.code}</strong>
                          <span>{item.description}</span>
                          <span className="muted hs-finder__category-name">
                            {item.level === 2 ? 'Chapter' : item.level === 4 ? 'Heading' : 'Subheading'}
                          </span>
                        </div>
                        <div className="row">
                          {item.level === 6 ? (
                            <button
                              type="button"
                              className="button button--primary"
                              onClick={() => onPick(item.code)}
                              aria-label={`Use ${item.code} ${item.description}`}
                            >
                              Use code
                            </button>
                          ) : (
                            // A chapter or heading is too broad for customs: narrow to its subheadings.
                            <button
                              type="button"
                              className="button button--secondary"
                              onClick={() => setSearch(item.code)}
                              aria-label={`Show the codes under ${item.code}`}
                            >
                              Show codes
                            </button>
                          )}
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </Modal>
  );
}
