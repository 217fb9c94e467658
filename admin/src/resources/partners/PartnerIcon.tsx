import type { SVGProps } from 'react';

/** Material's "Storefront"-like glyph inline, as VendorIcon does (no icon package dependency). */
export function PartnerIcon(props: SVGProps<SVGSVGElement>) {
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
      <path d="M21.9 8.89l-1.05-4.37A2 2 0 0018.9 3H5.1a2 2 0 00-1.94 1.52L2.1 8.89A3 3 0 003 11.6V19a2 2 0 002 2h14a2 2 0 002-2v-7.4a3 3 0 00.9-2.71zM13 5h1.96l.54 4.52c.05.39-.07.78-.33 1.07a1.36 1.36 0 01-1.17.41h-.02A1.5 1.5 0 0113 9.5zM6 19v-6.1c.08 0 .15.02.23.02.87 0 1.66-.36 2.24-.95A3.12 3.12 0 0011 13c.91 0 1.73-.39 2.3-1a3.19 3.19 0 002.31 1c.88 0 1.67-.36 2.24-.95.6.59 1.4.95 2.15.95V19z" />
    </svg>
  );
}
