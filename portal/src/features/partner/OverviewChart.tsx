import { useId, useState } from 'react';
import { ScrollTable } from '../../components/ScrollTable';
import { formatDate } from '../../lib/format';
import type { OverviewDay } from './partner.api';

interface Series {
  label: string;
  value: (day: OverviewDay) => number;
  tone: 'primary' | 'secondary';
}

const W = 600;
const H = 160;
const PAD = { top: 8, right: 4, bottom: 2, left: 4 };

/**
 * Bars per day in plain SVG (one or two series side by side). The picture is one image with a
 * summary for screen readers; "Show as a table" gives everyone the exact figures.
 */
export function DailyChart({
  title,
  days,
  series,
  format = String,
}: {
  title: string;
  days: OverviewDay[];
  series: Series[];
  format?: (n: number) => string;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const max = Math.max(1, ...days.flatMap((d) => series.map((s) => s.value(d))));
  const slot = (W - PAD.left - PAD.right) / Math.max(1, days.length);
  const barWidth = Math.max(1, (slot * 0.8) / series.length);
  const plotH = H - PAD.top - PAD.bottom;
  const totals = series.map((s) => `${s.label}: ${format(days.reduce((sum, d) => sum + s.value(d), 0))}`);
  const first = days[0]?.date;
  const last = days[days.length - 1]?.date;

  return (
    <figure className="card partner-chart" aria-labelledby={`${id}-title`}>
      <div className="row row--between">
        <figcaption id={`${id}-title`} className="partner-chart__title">
          {title}
        </figcaption>
        <button
          type="button"
          className="link-button"
          aria-expanded={asTable}
          aria-controls={`${id}-table`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Show as a chart' : 'Show as a table'}
        </button>
      </div>
      {series.length > 1 ? (
        <ul className="partner-chart__legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label}>
              <span className={`partner-chart__swatch partner-chart__swatch--${s.tone}`} /> {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      {asTable ? (
        <ScrollTable caption={`${title}, by day`} id={`${id}-table`}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatDate(d.date)}</th>
                {series.map((s) => (
                  <td key={s.label}>{format(s.value(d))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : (
        <svg
          className="partner-chart__svg"
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${title} from ${formatDate(first)} to ${formatDate(last)}. ${totals.join('. ')}.`}
        >
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={H - PAD.bottom}
            y2={H - PAD.bottom}
            className="partner-chart__axis"
          />
          {days.map((d, i) =>
            series.map((s, j) => {
              const v = s.value(d);
              const h = (v / max) * plotH;
              return (
                <rect
                  key={`${d.date}-${s.label}`}
                  x={PAD.left + i * slot + slot * 0.1 + j * barWidth}
                  y={H - PAD.bottom - h}
                  width={barWidth}
                  height={h}
                  className={`partner-chart__bar partner-chart__bar--${s.tone}`}
                >
                  <title>{`${formatDate(d.date)}: ${s.label} ${format(v)}`}</title>
                </rect>
              );
            }),
          )}
        </svg>
      )}
      {asTable ? null : (
        // Outside the SVG, so the dates keep their size however wide the chart is drawn.
        <p className="row row--between partner-chart__range muted" id={`${id}-range`} aria-hidden="true">
          <span>{formatDate(first)}</span>
          <span>{formatDate(last)}</span>
        </p>
      )}
    </figure>
  );
}
