import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';

export function PrivacyPage() {
  usePageTitle('Privacy Notice');
  return (
    <article className="container page prose-page">
      <header className="prose-page__header">
        <h1>Privacy Notice</h1>
        <p className="muted">
          How Consign uses the personal information you give us, and the choices you have.
        </p>
      </header>
      <div className="prose prose--narrow">
        <section aria-labelledby="privacy-who">
          <h2 id="privacy-who">Who we are</h2>
          <p>
            Consign Ltd, registered in England and Wales, runs the Consign marketplace and is the controller
            of the personal information described here, under the UK GDPR and the Data Protection Act 2018.
          </p>
        </section>
        <section aria-labelledby="privacy-what">
          <h2 id="privacy-what">What we collect</h2>
          <ul>
            <li>
              <strong>Account details</strong>: your email address, a securely hashed password (or your Google
              account identifier if you sign in with Google), your name, phone number and address if you add
              them.
            </li>
            <li>
              <strong>Booking details</strong>: collection and delivery names, addresses, phone numbers and
              emails, parcel contents, values and dimensions, and customs information for international
              shipments.
            </li>
            <li>
              <strong>Payment records</strong>: amounts, dates and the payment provider’s reference. Card and
              wallet details are entered with the payment provider and never reach or are stored by Consign.
            </li>
            <li>
              <strong>Messages</strong> you send us through the contact form, and technical logs (such as IP
              address and request times) kept to protect the service from abuse.
            </li>
          </ul>
        </section>
        <section aria-labelledby="privacy-why">
          <h2 id="privacy-why">Why we use it</h2>
          <ul>
            <li>
              To provide the service you ask for: quotes, bookings, labels, tracking and support (performance
              of a contract).
            </li>
            <li>To keep accounting and customs records we are required to keep (legal obligation).</li>
            <li>
              To secure accounts, prevent fraud and improve the service (our legitimate interests, balanced
              against yours).
            </li>
            <li>To send you service emails such as sign-in codes, receipts and delivery updates.</li>
          </ul>
          <p>We do not sell your information and we do not send marketing without your consent.</p>
        </section>
        <section aria-labelledby="privacy-share">
          <h2 id="privacy-share">Who we share it with</h2>
          <p>
            The courier you book receives the details it needs to collect and deliver your parcel. We also use
            a payment provider, an email provider and hosting providers acting on our instructions, and we
            pass customs information to the authorities of the countries your parcel travels through. Where
            information leaves the UK, we rely on adequacy regulations or approved contract clauses to protect
            it.
          </p>
        </section>
        <section aria-labelledby="privacy-keep">
          <h2 id="privacy-keep">How long we keep it</h2>
          <p>
            Account information is kept while your account is open. Booking and payment records are kept for
            six years after the booking to meet tax and accounting law. Contact messages are kept for up to
            two years.
          </p>
        </section>
        <section aria-labelledby="privacy-cookies">
          <h2 id="privacy-cookies">Cookies</h2>
          <p>
            We use one strictly necessary cookie that keeps you signed in. We do not use advertising or
            tracking cookies. If Google sign-in is offered, Google may set its own cookies when you use its
            button.
          </p>
        </section>
        <section aria-labelledby="privacy-rights">
          <h2 id="privacy-rights">Your rights</h2>
          <p>
            You can ask for a copy of your information, ask us to correct or delete it, object to or restrict
            how we use it, and ask for it in a portable format. To make a request, use our{' '}
            <Link to="/contact">contact page</Link>. If you are unhappy with how we handle your information
            you can complain to the Information Commissioner’s Office (ico.org.uk).
          </p>
        </section>
      </div>
    </article>
  );
}
