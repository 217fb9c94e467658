import type { SVGProps } from 'react';

/**
 * Material's "Store" glyph drawn inline: @mui/icons-material is only a transitive dependency of
 * react-admin here, and one path is cheaper than adding the package. Sized like an MUI icon.
 */
export function VendorIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      style={{ fontSize: '1.5rem', flexShrink: 0 }}
      {...props}
    >
      <path d="M20 4H4v2h16V4zm1 10v-2l-1-5H4l-1 5v2h1v6h10v-6h4v6h2v-6h1zm-9 4H6v-4h6v4z" />
    </svg>
  );
}
