import { Link } from 'react-router';
import { Section } from '../orders/OrderParts';
import type { OrderDropOffPoint } from './api';
import { describeDay, weekRows } from './hours';
import './dropoff.css';

export interface DropOffPointSummaryProps {
  point: OrderDropOffPoint;
  /** The printerless code the point scans, once the order is paid. */
  code?: { text: string; qrSvg: string } | null | undefined;
  /** Where the customer chooses another point when this one can no longer take the parcel. */
  changeHref?: string | undefined;
}

/**
 * The order's drop-off point as the confirmation, the order pages and the tracking page show it:
 * its address and its hours on the drop-off day; for a printerless service the QR code the point
 * scans; and, when the point can no longer take the parcel, why and a link to choose another.
 */
export function DropOffPointSummary({ point, code, changeHref }: DropOffPointSummaryProps) {
  const { address } = point;
  return (
    <Section title="Drop-off point" className="dropoff-summary">
      <p>
        <strong>{point.name}</strong>
      </p>
      <address>
        {[address.line1, address.line2, address.town, address.postcode].filter(Boolean).join(', ')}
      </address>
      <p>{describeDay(point.hoursOnDate)}</p>
      {point.problem ? (
        <div className="alert alert--error dropoff-summary__problem" role="alert">
          <p>{point.problem}</p>
          {changeHref ? <Link to={changeHref}>Choose another drop-off point</Link> : null}
        </div>
      ) : null}
      {code ? (
        <figure>
          <img
            className="dropoff-summary__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.qrSvg)}`}
            alt={`QR code ${code.text} for ${point.name} to scan`}
            width={180}
            height={180}
          />
          <figcaption>
            No printer needed: show this code ({code.text}) at {point.name}; they print the label for you.
          </figcaption>
        </figure>
      ) : null}
      <details className="dropoff-week">
        <summary>Opening hours of {point.name}</summary>
        <table className="dropoff-week__table">
          <tbody>
            {weekRows(point.openingHours).map(([day, hours]) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                <td>{hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Section>
  );
}
