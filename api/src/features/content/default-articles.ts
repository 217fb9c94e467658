import type { Database } from '../../db/client';
import { articles } from '../../db/schema';

export type DefaultArticle = { slug: string; title: string; html: string };

/**
 * The articles the quote landing pages link to. They are product copy, not demo data, so
 * every database gets them; an article that already exists (perhaps edited by staff) is kept.
 */
export const DEFAULT_ARTICLES: readonly DefaultArticle[] = [
  {
    slug: 'cheap-parcel-delivery',
    title: 'Cheap parcel delivery in the UK: how to pay less for every parcel',
    html: `
<p>The price of sending a parcel within the UK depends on three things: how heavy it is, how big it is, and how quickly it has to arrive. Comparing couriers side by side is the quickest way to pay less, but a few minutes of preparation before you ask for a quote often saves more than switching courier.</p>
<h2>Weigh and measure before you book</h2>
<p>Couriers charge by the greater of the actual weight and the <strong>volumetric weight</strong>. Volumetric weight is the length × width × height of the box in centimetres divided by the courier's divisor, usually 5000. A 60 × 40 × 40 cm box of pillows weighs little, yet counts as 19.2 kg. Use a box that fits the item snugly and enter the real measurements: if the parcel turns out larger or heavier than booked, the courier can charge the difference afterwards.</p>
<h2>Ways to bring the price down</h2>
<ul>
<li><strong>Choose a slower service</strong> when the date does not matter: a two or three working day service usually costs less than next day.</li>
<li><strong>Drop the parcel off</strong> at a shop or locker where the courier offers it, instead of paying for a collection.</li>
<li><strong>Send several items together</strong>: one booking with several parcels to the same address usually costs less than separate bookings.</li>
<li><strong>Stay under a weight band</strong>: prices step up at set weights, so removing excess packaging can move a parcel into a cheaper band.</li>
</ul>
<h2>Pack it properly</h2>
<p>Use a sturdy, undamaged box, fill empty space so nothing moves, seal every seam with strong parcel tape and remove old labels and barcodes. Parcels that are badly packed or not taped all round can be refused or charged extra, and they are rarely covered if something breaks.</p>
<h2>Think about cover</h2>
<p>Standard liability is limited, so for anything valuable add extended cover for the value of the contents when you book. It costs far less than replacing the item, and it only pays out when the value was declared before sending.</p>
<p>Enter the size and weight of your parcel above to compare prices from UK couriers and book in a few minutes.</p>
`,
  },
  {
    slug: 'international-courier',
    title: 'International courier services: sending parcels abroad from the UK',
    html: `
<p>Sending a parcel abroad is as easy as sending one across the country once the paperwork is right. Every parcel that leaves the UK, including parcels to the European Union, goes through customs in the destination country, and the courier needs an accurate description of what is inside.</p>
<h2>Customs information you will be asked for</h2>
<ul>
<li><strong>A description of each item</strong>, specific enough for a customs officer: "two cotton T-shirts" rather than "clothes".</li>
<li><strong>The quantity and value</strong> of each item, and the country where it was made.</li>
<li><strong>The reason for sending</strong>: a sale, a gift, a sample, a return or personal belongings.</li>
<li><strong>An HS code</strong> (tariff code) for each item when you send goods commercially; it tells customs what the goods are and which duty applies.</li>
<li><strong>An EORI number</strong> if you send goods as a business; it starts with GB and is free to get from HMRC.</li>
</ul>
<p>We print the commercial invoice with your label from the details you enter, so fill them in carefully: a vague or undervalued declaration is the most common reason for a parcel being held at customs.</p>
<h2>Duties and taxes</h2>
<p>The person receiving the parcel usually pays any import duty and VAT charged by the destination country before delivery. How much depends on the country, the value and the type of goods. Let your recipient know to expect it, so the parcel is not refused and returned at your cost.</p>
<h2>Items that cannot travel</h2>
<p>Aerosols, flammable liquids, perfume, loose lithium batteries, cash and anything illegal in the destination country are restricted or banned by most couriers. Check the courier's list before you book; prohibited items are returned or destroyed and are never covered.</p>
<h2>Allow enough time</h2>
<p>Transit times are given in working days from collection and do not include time spent in customs. Express services to Europe often arrive in one to three working days; economy services to the rest of the world can take a week or more.</p>
<p>Choose your destination above to compare international courier prices from the UK.</p>
`,
  },
  {
    slug: 'same-day-courier',
    title: 'Same-day courier: when a parcel has to arrive today',
    html: `
<p>A same-day courier collects your parcel and takes it straight to the recipient, with no depot and no sorting in between. It is the right choice for documents that need signing today, a part that keeps a business running, a forgotten passport or a gift that cannot be late.</p>
<h2>How it works</h2>
<ol>
<li>Enter the collection and delivery postcodes and the size and weight of the parcel.</li>
<li>Compare the prices: same-day prices are based on the distance between the two addresses, with a minimum charge for short trips.</li>
<li>Book before the cut-off. Bookings made before <strong>2pm UK time</strong> on a working day are delivered the same day; later bookings are delivered on the next working day.</li>
<li>A driver collects the parcel and delivers it directly to the recipient.</li>
</ol>
<h2>Make the collection quick</h2>
<ul>
<li>Have the parcel packed, sealed and labelled with the delivery address before the driver arrives.</li>
<li>Give phone numbers for both addresses so the driver can call if the entrance is hard to find.</li>
<li>Mention parking restrictions, access codes or a reception desk in the notes.</li>
</ul>
<p>Drivers wait a short time at each address. Longer waits are charged, so make sure someone is there to hand over and to receive the parcel.</p>
<h2>Choosing the right vehicle</h2>
<p>The maximum size and weight shown with each service tell you what its vehicle can carry. Envelopes and small boxes travel by motorbike or car in cities; bulky or heavy items need a van, which costs more but is often the only way to move them the same day.</p>
<p>Enter your two postcodes above to see same-day prices and book a driver.</p>
`,
  },
];

/** Inserts every default article that is missing; never overwrites an existing one. */
export async function ensureDefaultArticles(db: Database): Promise<void> {
  await db
    .insert(articles)
    .values(DEFAULT_ARTICLES.map((a) => ({ slug: a.slug, title: a.title, html: a.html.trim() })))
    .onConflictDoNothing({ target: articles.slug });
}
