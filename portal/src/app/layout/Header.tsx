import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../../components/Logo';
import { useAuthDialogs } from '../../shared/auth/AuthDialogs';
import { dashboardFor, useAuth } from '../../shared/auth/auth';
import { useSignOut } from './useSignOut';

export function Header() {
  const { status, user } = useAuth();
  const { openSignIn, openSignUp } = useAuthDialogs();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // A navigation by any means (back button, a link elsewhere) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  async function handleSignOut() {
    setMenuOpen(false);
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  }

  const signedIn = status === 'authenticated' && user !== null;
  const dashboard = dashboardFor(user?.role);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand" aria-label="Consign home">
          <Logo />
        </Link>

        <nav className="site-nav" aria-label="Main">
          <NavLink to="/track" className="site-nav__link">
            Track a parcel
          </NavLink>
          <NavLink to="/contact" className="site-nav__link">
            Contact Us
          </NavLink>
          {signedIn ? (
            <>
              <NavLink to={dashboard} className="site-nav__link">
                Dashboard
              </NavLink>
              <button
                type="button"
                className="button button--ghost"
                onClick={handleSignOut}
                disabled={signingOut}
              >
                Sign out
              </button>
            </>
          ) : status === 'anonymous' ? (
            <>
              <NavLink to="/signup?as=vendor" className="site-nav__link">
                For Couriers
              </NavLink>
              <button type="button" className="button button--ghost" onClick={() => openSignUp()}>
                Sign Up
              </button>
              <button type="button" className="button button--primary" onClick={() => openSignIn()}>
                Log In
              </button>
            </>
          ) : (
            <span className="site-nav__pending" aria-hidden="true" />
          )}
        </nav>

        <button
          ref={toggleRef}
          type="button"
          className="icon-button site-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>

      {menuOpen ? (
        <>
          <div className="mobile-menu__scrim" aria-hidden="true" onClick={closeMenu} />
          <nav ref={menuRef} id={menuId} className="mobile-menu" aria-label="Mobile">
            <ul className="mobile-menu__list">
              <li>
                <NavLink to="/" end onClick={closeMenu}>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink to="/track" onClick={closeMenu}>
                  Track a parcel
                </NavLink>
              </li>
              <li>
                <NavLink to="/contact" onClick={closeMenu}>
                  Contact Us
                </NavLink>
              </li>
              {signedIn ? (
                <>
                  <li>
                    <NavLink to={dashboard} onClick={closeMenu}>
                      Dashboard
                    </NavLink>
                  </li>
                  <li>
                    <button type="button" className="mobile-menu__button" onClick={handleSignOut}>
                      Logout
                    </button>
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <NavLink to="/signup?as=vendor" onClick={closeMenu}>
                      For Couriers
                    </NavLink>
                  </li>
                  <li>
                    <button
                      type="button"
                      className="mobile-menu__button"
                      onClick={() => {
                        closeMenu();
                        openSignUp();
                      }}
                    >
                      Sign Up
                    </button>
                  </li>
                  <li>
                    <button
                      type="button"
                      className="mobile-menu__button"
                      onClick={() => {
                        closeMenu();
                        openSignIn();
                      }}
                    >
                      Log In
                    </button>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </>
      ) : null}
    </header>
  );
}
