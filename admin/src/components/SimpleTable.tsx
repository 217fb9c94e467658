import type { ReactNode } from 'react';

const cell = { padding: '0.4rem 0.6rem', borderBottom: '1px solid #d7deea', textAlign: 'left' } as const;
const numeric = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

export type Column = { label: string; numeric?: boolean };

/**
 * A small read-only table for figures a page computes (not a react-admin list): a caption for
 * screen readers, the first cell of each row as its header, and sideways scroll in its own box
 * on a phone.
 */
export function SimpleTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: Column[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <caption style={{ position: 'absolute', left: '-10000px' }}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" style={c.numeric ? numeric : cell}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((value, index) =>
                index === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells follow its columns.
                  <th key={index} scope="row" style={{ ...cell, fontWeight: 400 }}>
                    {value}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells follow its columns.
                  <td key={index} style={columns[index]?.numeric ? numeric : cell}>
                    {value}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A titled block of a page the console draws itself (the Finance page, a courier's money). */
export function Panel({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      style={{
        border: '1px solid #d7deea',
        borderRadius: 8,
        padding: '1rem',
        minWidth: 0,
        display: 'grid',
        // A grid item is as wide as its content unless told: a wide table scrolls in its own box.
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: '0.75rem',
      }}
    >
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: '0.5rem',
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <h2 style={{ fontSize: '1rem', margin: 0 }}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
