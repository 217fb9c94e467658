import { type FieldProps, useFieldValue } from 'react-admin';

/**
 * A vendor-supplied URL as a link, but only for http(s): UrlField would render a
 * `javascript:` URL as a live link inside the staff console.
 */
export function SafeUrlField({ emptyText = '—', ...props }: FieldProps) {
  const value = useFieldValue(props);
  if (typeof value !== 'string' || value === '') return <span>{emptyText}</span>;
  if (!/^https?:\/\//i.test(value)) return <span>{value}</span>;
  return (
    <a href={value} target="_blank" rel="noopener noreferrer nofollow">
      {value}
    </a>
  );
}
