import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

const SECTIONS: Section[] = [
  {
    id: 'definitions',
    title: 'Definitions',
    body: (
      <>
        <p>In these terms:</p>
        <ul>
          <li>
            <strong>“Consign”, “we”, “us”</strong> means Consign Ltd, registered in England and Wales, which
            runs the Consign marketplace.
          </li>
          <li>
            <strong>“Courier”</strong> means the independent carrier whose service you book through Consign
            and which collects, carries and delivers your parcel.
          </li>
          <li>
            <strong>“You”</strong> means the person or business making a booking, whether as sender or on a
            sender’s behalf.
          </li>
          <li>
            <strong>“Parcel”</strong> means each package, envelope or item handed over under one booking, with
            its packaging and contents (the <strong>“Goods”</strong>).
          </li>
          <li>
            <strong>“Booking”</strong> means an order for a courier service placed and paid for through
            Consign.
          </li>
          <li>
            <strong>“Working day”</strong> means Monday to Friday, excluding bank holidays in England and
            Wales.
          </li>
          <li>
            <strong>“Extended liability cover”</strong> means the optional cover you may buy at booking to
            raise the amount that can be paid for loss of or damage to the Goods.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'services',
    title: 'Our services',
    body: (
      <>
        <p>
          Consign lets you compare the prices of couriers, book a service and pay for it in one place. When
          you book, we arrange the carriage of your parcel with the courier you chose on these terms; the
          courier’s own conditions of carriage also apply to the physical handling of the parcel.
        </p>
        <p>
          Prices are calculated from the dimensions, weight and route you enter. The chargeable weight of a
          parcel is the greater of its actual weight and its volumetric weight. If the parcel handed over is
          larger or heavier than declared, the courier may ask for the difference, which you may accept or
          dispute (see <a href="#additional-charges">Additional charges</a>).
        </p>
        <p>
          Collections are made Monday to Friday, not on bank holidays in England and Wales, and may be booked
          up to 12 months ahead. A collection today must be booked before 14:00 (UK time); after that the
          first collection day is the next working day.
        </p>
        <p>
          Delivery dates shown at booking are estimates. Transit times are counted in working days from
          collection and are not guaranteed unless the service you booked says otherwise.
        </p>
      </>
    ),
  },
  {
    id: 'goods-and-labelling',
    title: 'Goods and labelling',
    body: (
      <>
        <p>You are responsible for making sure that:</p>
        <ul>
          <li>
            the Goods are packed securely in a sturdy outer box or mailing bag, with enough internal
            cushioning to survive normal handling, stacking and automated sorting;
          </li>
          <li>
            every parcel is sealed with parcel tape. Parcels presented untaped or unsealed may be refused, or
            re-packed by the courier for a charge of <strong>£10.20 plus VAT</strong> per parcel;
          </li>
          <li>
            the label generated for your booking is printed and securely attached to the largest face of the
            parcel, with any old labels and barcodes removed or covered, before collection or drop-off;
          </li>
          <li>the dimensions, weight, contents and value you declare are accurate; and</li>
          <li>
            the Goods are not prohibited or restricted items, including dangerous goods (such as aerosols,
            lithium batteries shipped on their own, flammable liquids and gases), firearms and weapons,
            controlled drugs, live animals, perishable food, cash, precious metals and stones, and anything
            whose carriage is unlawful.
          </li>
        </ul>
        <p>
          The courier may refuse, hold or return any parcel that does not meet these requirements. Charges for
          the booking are not refunded when a parcel is refused for these reasons.
        </p>
      </>
    ),
  },
  {
    id: 'international-sanctions',
    title: 'International shipments and sanctions',
    body: (
      <>
        <p>
          For international bookings you must provide complete and accurate customs information, including a
          description, quantity, value, HS code and country of manufacture for each item, the reason for
          export and, where required, EORI numbers. You are responsible for any duties, taxes and customs
          charges raised by the destination country unless the service states otherwise.
        </p>
        <p>
          We and the courier will not carry Goods to, from or for any person, organisation or country subject
          to sanctions imposed by the United Kingdom, the United Nations, the European Union or the United
          States, nor Goods whose export requires a licence that has not been obtained. A booking found to
          breach sanctions or export controls will be cancelled without refund and may be reported to the
          authorities.
        </p>
      </>
    ),
  },
  {
    id: 'same-day',
    title: 'Same Day service',
    body: (
      <>
        <p>
          Same Day bookings are priced by the distance between the collection and delivery postcodes. Bookings
          made before the daily cut-off of 14:00 (UK time) on a working day are normally collected and
          delivered that day; later bookings are carried on the next working day.
        </p>
        <p>
          The driver will wait up to 15 minutes at collection and at delivery. Waiting time beyond that,
          caused by the parcel not being ready or the recipient not being available, is charged at{' '}
          <strong>£20 per hour</strong> (charged pro rata in 15-minute periods).
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation',
    body: (
      <>
        <p>
          You may cancel a paid booking from your dashboard within one hour of payment, as long as the parcel
          has not yet been collected, and you will receive a full refund.
        </p>
        <p>
          After that hour, a booking can be cancelled by contacting us no later than{' '}
          <strong>5:30 PM on the working day before the collection date</strong>. Cancellations received
          later, or after the parcel has been collected, cannot be refunded because the courier will already
          have scheduled the collection.
        </p>
        <p>
          If you are a consumer, your statutory right to cancel a service contract does not apply once the
          service has been fully performed, and you agree that the courier may start performing it within the
          cancellation period.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <>
        <p>
          Unless you buy extended liability cover, liability for loss of or damage to the Goods is limited to
          the standard liability of <strong>£20</strong> per booking. Extended liability cover raises this to
          the amount you choose and pay for, up to a <strong>maximum of £1000</strong> per booking, and in
          every case to no more than the lower of the cost of repair and the replacement cost of the Goods,
          without profit.
        </p>
        <p>
          Neither we nor the courier are liable for indirect or consequential loss, such as loss of profit,
          business, contracts or goodwill, or for delays beyond the estimated delivery date.
        </p>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for
          fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights
          as a consumer.
        </p>
      </>
    ),
  },
  {
    id: 'exclusions',
    title: 'Exclusions',
    body: (
      <>
        <p>No compensation is payable, and extended liability cover does not apply, for:</p>
        <ul>
          <li>prohibited or restricted items, or Goods that were mis-declared;</li>
          <li>Goods that were inadequately packed or labelled, including untaped parcels;</li>
          <li>
            fragile items such as glass, ceramics, screens, artwork, musical instruments and antiques, unless
            the service you booked expressly accepts them;
          </li>
          <li>jewellery, watches, cash, tickets, gift cards and items of sentimental value only;</li>
          <li>mechanical or electrical failure where there is no external damage to the packaging;</li>
          <li>parcels delivered to the address given, or left where you or the recipient instructed;</li>
          <li>delay, or loss caused by events beyond the courier’s reasonable control; and</li>
          <li>Goods seized, held or destroyed by customs or another authority.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'additional-charges',
    title: 'Additional charges',
    body: (
      <>
        <p>The following charges may be added after booking, and you authorise us to take them:</p>
        <ul>
          <li>
            the difference in price where a parcel is heavier or larger than declared (a price adjustment,
            below);
          </li>
          <li>
            <strong>£10.20 plus VAT</strong> per parcel re-packed or sealed because it was presented untaped;
          </li>
          <li>
            if a parcel cannot be delivered and has to come back to you, <strong>£6 including VAT</strong> to
            arrange the return, plus a handling charge of <strong>50%</strong> of the original carriage price
            for the return journey;
          </li>
          <li>Same Day waiting time at £20 per hour (see Same Day service); and</li>
          <li>duties, taxes and customs charges billed to us for your international shipment.</li>
        </ul>
        <p>
          <strong>Price adjustments.</strong> A courier that measures a parcel heavier or larger than booked
          may ask for the difference <strong>within 2 working days of collection</strong>, with the measured
          weight and sizes and a photo. The difference is worked out from the courier’s own published rates
          for the service you booked: what the parcel as measured costs more than the parcel as booked, plus
          VAT; the courier cannot name its own amount. Nothing is charged until you accept it. You may instead
          dispute it with your reason, and Consign staff decide: if they uphold it you pay the difference, if
          they overturn it you pay nothing more. One adjustment may be made per order.
        </p>
        <p>
          If a delivery fails, the recipient is told how to collect the parcel. A parcel waiting at a depot or
          access point must be collected within <strong>72 hours</strong>, after which it is returned to the
          sender. A parcel that can be neither delivered nor returned is held for <strong>21 days</strong>,
          after which it may be disposed of.
        </p>
      </>
    ),
  },
  {
    id: 'claims',
    title: 'Claims',
    body: (
      <>
        <p>
          Claim from your order on your dashboard. Damage must be reported{' '}
          <strong>within 5 working days</strong> of delivery. A parcel counts as lost once it is{' '}
          <strong>3 working days</strong> past its promised delivery date without being delivered, and can be
          claimed from then. Please keep the parcel, its packaging and contents for inspection until the claim
          is settled. If you cannot use the dashboard, use the <Link to="/contact">contact page</Link>.
        </p>
        <p>
          The courier answers a claim within <strong>3 working days</strong>; if it does not, or if it rejects
          the claim, our staff review the claim and decide. A claim that is accepted is refunded to the way
          you paid, up to the lower of your cover (or the standard liability) and what you paid for the
          booking.
        </p>
        <p>
          To support a claim, include photographs of the packaging and the damage, and proof of the value of
          the Goods, such as an invoice. We will pursue the claim with the courier and tell you the outcome.
          Any right to claim ends unless full written notice of the claim has been received within{' '}
          <strong>9 months</strong> of the collection date.
        </p>
      </>
    ),
  },
  {
    id: 'returns',
    title: 'Returns',
    body: (
      <>
        <p>
          The recipient of a delivered parcel can send it back from the{' '}
          <Link to="/returns">returns page</Link> with its tracking code and the postcode it was delivered to;
          no account is needed to start. A parcel booked directly with Consign can be returned until the end
          of the <strong>30th day after delivery</strong> (UK time), for any of the reasons the page lists,
          and the person returning it pays for the return label. A parcel booked through a shop’s website
          follows that shop’s return policy: its window in days, the reasons it accepts, and whether the shop
          or the person returning it pays; the returns page shows the policy before anything is booked.
        </p>
        <p>
          A return is a new booking from the recipient’s address back to the sender’s, at the price quoted for
          it, and these terms apply to it as to any booking. A parcel that is itself a return cannot be
          returned again, and one return may be booked per parcel. Returns are offered for parcels delivered
          in the UK.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms and any dispute arising from them or from a booking are governed by the law of England and
        Wales, and the courts of England and Wales have jurisdiction. If you are a consumer living in Scotland
        or Northern Ireland, you may also bring proceedings in your local courts.
      </p>
    ),
  },
];

export function TermsPage() {
  usePageTitle('Terms and Conditions');
  return (
    <article className="container page prose-page">
      <header className="prose-page__header">
        <h1>Terms and Conditions</h1>
        <p className="muted">
          These terms apply to every booking made through Consign. Please read them before you book; by
          booking you accept them.
        </p>
      </header>
      <div className="prose-page__layout">
        <nav className="toc" aria-label="Sections">
          <h2 className="toc__title">Contents</h2>
          <ol>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose">
          {SECTIONS.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
