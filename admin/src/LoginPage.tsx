import { Login, LoginForm } from 'react-admin';

/** The Consign "C" parcel mark, in place of react-admin's padlock. */
function ConsignMark() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="currentColor">
      <path d="M12 2 3 6.5v11L12 22l9-4.5v-11L12 2zm0 2.2 6.6 3.3L12 10.8 5.4 7.5 12 4.2zM5 9.1l6 3v7.7l-6-3V9.1zm8 10.7v-7.7l6-3v7.7l-6 3z" />
    </svg>
  );
}

/** Sign-in for staff only: a customer or vendor who signs in here is refused (authProvider). */
export function LoginPage() {
  return (
    <Login avatarIcon={<ConsignMark />}>
      <div style={{ textAlign: 'center', padding: '0 1rem' }}>
        <h1 style={{ fontSize: '1.25rem', margin: '0.5rem 0 0' }}>Consign admin</h1>
        <p style={{ margin: '0.25rem 0 0', color: '#4a5468' }}>
          For Consign staff. Sign in with your staff account.
        </p>
      </div>
      <LoginForm />
    </Login>
  );
}
