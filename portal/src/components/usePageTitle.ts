import { useEffect } from 'react';

/** Sets document.title for the current page, so tabs, history and screen readers name it. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Consign` : 'Consign — compare UK courier quotes';
  }, [title]);
}
