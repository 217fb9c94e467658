import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import './orders.css';

const LINKS = [
  { to: '/dashboard', label: 'Orders', end: true },
  { to: '/address-book', label: 'Address book', end: false },
  { to: '/profile', label: 'Profile', end: false },
  { to: '/', label: 'Home', end: true },
  { to: '/contact', label: 'Help', end: false },
] as const;

/** The customer's own pages (orders, address book, profile): the sidebar of links, and the page beside it. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <section className="container page dashboard">
      <nav className="dashboard__nav" aria-label="Dashboard">
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="dashboard__main">{children}</div>
    </section>
  );
}
