/** Fields more than one resource shows the same way: a record's age, a country, and uploaded images. */
import { Link, useRecordContext } from 'react-admin';
import { countryName, dateTimeText, relativeText } from '../format';
import { type MessageKey, useT } from '../i18n/keys';

// `label` and `source` are read by SimpleShowLayout and DataTable, which label the field.
type FieldProps = { source?: string; label?: string };

/** How long the record has waited since it was made: '3 days ago' (the moment on hover). */
export function AgeField(_: FieldProps) {
  const record = useRecordContext<{ id: string; createdAt: string }>();
  return record ? <span title={dateTimeText(record.createdAt)}>{relativeText(record.createdAt)}</span> : null;
}

/** The record's stored country code (`source`) by name: 'GB' → 'United Kingdom'. */
export function CountryField({ source }: FieldProps & { source: string }) {
  const record = useRecordContext<Record<string, unknown>>();
  const code = record?.[source];
  return <span>{typeof code === 'string' && code ? countryName(code) : '—'}</span>;
}

/**
 * Uploaded images as thumbnails, each a link to the full picture in a new tab: "Photo 1", …; a PDF
 * (a claim's proof of value) as a link to download it: "Proof of value (PDF)".
 */
export function Thumbnails({ urls, what }: { urls: string[]; what: MessageKey }) {
  const translate = useT();
  if (urls.length === 0) return <span>{translate('consign.images.none')}</span>;
  // The API names an upload by the type it found in its bytes.
  const pdfs = urls.filter((url) => url.toLowerCase().endsWith('.pdf'));
  return (
    <ul
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', listStyle: 'none', margin: 0, padding: 0 }}
    >
      {urls.map((url, i) => {
        if (pdfs.includes(url)) {
          const n = pdfs.indexOf(url) + 1;
          return (
            <li key={url} style={{ alignSelf: 'center' }}>
              <a href={url} download>
                {pdfs.length > 1
                  ? translate('consign.images.pdf_item', { what: translate(what), n })
                  : translate('consign.images.pdf', { what: translate(what) })}
              </a>
            </li>
          );
        }
        const name = translate('consign.images.item', { what: translate(what), n: i + 1 });
        return (
          <li key={url}>
            <a href={url} target="_blank" rel="noreferrer">
              <img
                src={url}
                alt={name}
                width={96}
                height={96}
                loading="lazy"
                style={{ objectFit: 'cover', borderRadius: 4, border: '1px solid #ccd', display: 'block' }}
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** What a record names of its order, customer and courier (a claim, an adjustment). */
type Parties = {
  orderId: string;
  orderReference: string;
  customerId: string;
  customerName: string;
  customerEmail: string | null;
  vendorId: string;
  courierName: string;
};

/** Links to the record's order, customer ("name (email)") and courier, for FunctionField's render. */
export const partyLinks = {
  order: (r: Parties) => <Link to={`/orders/${encodeURIComponent(r.orderId)}/show`}>{r.orderReference}</Link>,
  customer: (r: Parties) => (
    <Link to={`/users/${encodeURIComponent(r.customerId)}/show`}>
      {r.customerName}
      {r.customerEmail && r.customerEmail !== r.customerName ? ` (${r.customerEmail})` : ''}
    </Link>
  ),
  courier: (r: Parties) => (
    <Link to={`/vendors/${encodeURIComponent(r.vendorId)}/show`}>{r.courierName}</Link>
  ),
};
