import { formatCount } from '@consign/shared/numbers';
import { useId } from 'react';
import { useHydrated } from '../../components/useHydrated';
import { type ReviewSummary, useReviewSummary } from '../api/meta';

/** The reviews point quotes the measured figures; with none yet it claims none. */
function reviewsPoint(summary: ReviewSummary | undefined): Point {
  const count = summary?.count ?? 0;
  if (count === 0) {
    return {
      figure: '1–5',
      title: 'Verified reviews',
      text: 'Only customers whose parcel was delivered can rate the courier, and every courier shows its measured on-time record.',
    };
  }
  const average = summary?.average != null ? `, averaging ${summary.average.toFixed(1)} out of 5` : '';
  const figure = formatCount(count);
  return {
    figure,
    title: 'Verified reviews',
    text: `Rated by people who sent with us: ${figure} ${count === 1 ? 'review' : 'reviews'} of delivered orders${average}.`,
  };
}

type Point = { figure: string; title: string; text: string };

const POINTS: (Point | 'reviews')[] = [
  {
    figure: '240+',
    title: 'International destinations',
    text: 'Send to 240+ international destinations from the United Kingdom, with the customs paperwork printed for you.',
  },
  'reviews',
  {
    figure: '3',
    title: 'Ways to send',
    text: 'UK to UK, international, and same-day courier across town, all from one form.',
  },
  {
    figure: '1 hour',
    title: 'To change your mind',
    text: 'Cancel within 1 hour of booking, before your parcel is on its way. Every parcel is insured.',
  },
];

/** The quote pages' selling points (the spec's static marketing copy). */
export function WhyConsign() {
  const headingId = useId();
  const fetched = useReviewSummary().data;
  // The prerendered home page has no figures, so neither has the page React hydrates, even when
  // the summary arrived first (the footer asks for it too): the figures follow a moment later.
  const summary = useHydrated() ? fetched : undefined;
  const points = POINTS.map((point) => (point === 'reviews' ? reviewsPoint(summary) : point));
  return (
    <section className="why" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        Why use Consign?
      </h2>
      <ul className="why__list">
        {points.map((point) => (
          <li key={point.title} className="card">
            <span className="why__figure">{point.figure}</span>
            <h3>{point.title}</h3>
            <p className="muted">{point.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
