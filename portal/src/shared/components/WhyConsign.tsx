import { useId } from 'react';

const POINTS = [
  {
    figure: '240+',
    title: 'International destinations',
    text: 'Send to 240+ international destinations from the United Kingdom, with the customs paperwork printed for you.',
  },
  {
    figure: '1,000+',
    title: 'Verified reviews',
    text: 'Rated by people and businesses who send with us, with over 1,000 verified reviews.',
  },
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
  return (
    <section className="why" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        Why use Consign?
      </h2>
      <ul className="why__list">
        {POINTS.map((point) => (
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
