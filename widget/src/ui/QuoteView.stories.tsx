import type { Meta, StoryObj } from '@storybook/preact-vite';
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Theme } from '../embed';
import { QUOTE, REFERENCE } from './fixtures';
import { type Booked as BookedOrder, type FormState, QuoteView, type QuoteViewProps } from './QuoteWidget';
import styles from './styles.css?inline';

/**
 * The widget's catalogue for partners (docs/widget.md, "The widget's states"): every state a
 * shopper can see and every theme option, served at /docs/widget-states and opened by a browser
 * check at 1280 and 390 px with axe (portal/src/e2e/widget-states.spec.ts).
 */

const THEME_VARS: Record<Exclude<keyof Theme, 'mode'>, string> = {
  accent: '--consign-accent',
  background: '--consign-bg',
  text: '--consign-fg',
  muted: '--consign-muted',
  border: '--consign-border',
  radius: '--consign-radius',
  font: '--consign-font',
};

/** Renders the story in a shadow root with the widget's stylesheet and theme, as on a partner page. */
function InShadow({ children, theme }: { children: preact.ComponentChildren; theme: Theme }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    element.setAttribute('data-theme', theme.mode ?? 'light');
    for (const [name, variable] of Object.entries(THEME_VARS)) {
      const value = theme[name as keyof typeof THEME_VARS];
      if (value) element.style.setProperty(variable, value);
      else element.style.removeProperty(variable);
    }
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    shadow.innerHTML = `<style>${styles}</style><div></div>`;
    render(children as preact.VNode, shadow.lastElementChild as Element);
    return () => render(null, shadow.lastElementChild as Element);
  });
  return <div ref={host} data-consign-widget="" />;
}

const FORM: FormState = {
  serviceType: 'domestic',
  from: 'England',
  to: 'Scotland',
  fromPostcode: '',
  toPostcode: '',
  parcels: [{ length: '30', width: '20', height: '15', weight: '2' }],
};

type Args = QuoteViewProps & { theme: Theme };

function Stateful({ theme, ...props }: Args) {
  const [form, setForm] = useState(props.form);
  return (
    <InShadow theme={theme}>
      <QuoteView {...props} form={form} onFormChange={setForm} />
    </InShadow>
  );
}

const BOOKED: BookedOrder = {
  orderId: '0193f1b2-7c1e-7000-8000-00005c1e4eb3',
  reference: '#5c1e4eb3',
  total: 599,
  currency: 'GBP',
  order: {
    token: 'eyJvIjoiMDE5M2YxYjIifQ.c2lnbmVkLWxpbms',
    summary: {
      serviceName: 'Economy',
      vendorName: 'Swift Couriers Ltd',
      collectionDate: '2026-05-07',
      from: 'London',
      to: 'Edinburgh',
    },
  },
};
const RESULTS = { kind: 'results', quote: QUOTE } as const;
const CHECKOUT = { quoteId: 'q1', optionId: 'o2', url: 'about:blank' };

const meta: Meta<typeof Stateful> = {
  title: 'Widget/Quote',
  component: Stateful,
  args: {
    mode: 'test',
    consignOrigin: 'https://consign.example',
    reference: REFERENCE,
    form: FORM,
    onFormChange: () => {},
    onSubmit: () => {},
    status: { kind: 'idle' },
    onBook: () => {},
    booking: null,
    onCloseBooking: () => {},
    theme: { mode: 'light' },
  },
};

export default meta;
type Story = StoryObj<typeof Stateful>;
const phone = { viewport: { value: 'phone', isRotated: false } };

// What a shopper sees, in order.
export const Empty: Story = {};
export const International: Story = {
  args: { form: { ...FORM, serviceType: 'international', to: 'FR' } },
};
export const SameDay: Story = {
  name: 'Same day',
  args: { form: { ...FORM, serviceType: 'same_day', fromPostcode: 'SW1A 1AA', toPostcode: 'EC1A 1BB' } },
};
export const Loading: Story = { args: { status: { kind: 'loading' } } };
export const Results: Story = { args: { status: RESULTS } };
export const ResultsOnAPhone: Story = {
  name: 'Results on a phone',
  args: { status: RESULTS },
  globals: phone,
};
export const NoResults: Story = {
  name: 'No results',
  args: { status: { kind: 'results', quote: { ...QUOTE, options: [] } } },
};
export const ErrorState: Story = {
  name: 'Error',
  args: { status: { kind: 'error', message: 'Consign could not price this parcel; please try again.' } },
};
export const Unavailable: Story = {
  name: 'Unavailable (key or origin refused)',
  args: { status: { kind: 'unavailable' } },
};
export const LiveKey: Story = {
  name: 'Live key (no Test mode badge)',
  args: { mode: 'live', status: RESULTS },
};

// The checkout steps the widget itself draws around the Consign checkout frame.
export const Checkout: Story = {
  name: 'Checkout: open',
  args: { status: RESULTS, booking: CHECKOUT },
};
export const PaymentApproved: Story = {
  name: 'Checkout: payment approved',
  args: { status: RESULTS, booking: { ...CHECKOUT, approved: true } },
};
export const Booked: Story = {
  name: 'Checkout: booked',
  args: { status: RESULTS, booking: { ...CHECKOUT, approved: true, booked: BOOKED } },
};
export const BookedOnAPhone: Story = {
  name: 'Checkout: booked, on a phone',
  args: { status: RESULTS, booking: { ...CHECKOUT, approved: true, booked: BOOKED } },
  globals: phone,
};
export const BookedUnderResults: Story = {
  name: 'Booked, modal closed',
  args: { status: RESULTS, booked: BOOKED },
};
export const BookedWithoutLink: Story = {
  name: 'Booked, no signed link (older checkout)',
  args: {
    status: RESULTS,
    booked: { orderId: BOOKED.orderId, reference: BOOKED.reference, total: 599, currency: 'GBP' },
  },
};

// Every theme option (docs/widget.md, "Mount the quote form": `theme`).
export const ThemeDark: Story = { name: 'Theme: dark', args: { status: RESULTS, theme: { mode: 'dark' } } };
export const ThemeAuto: Story = {
  name: 'Theme: auto (follows the visitor’s setting)',
  args: { status: RESULTS, theme: { mode: 'auto' } },
};
export const ThemeCustom: Story = {
  name: 'Theme: accent, colours, radius and font',
  args: {
    status: RESULTS,
    booked: BOOKED,
    theme: {
      mode: 'light',
      accent: '#6b21a8',
      background: '#fffaf3',
      text: '#2b2118',
      muted: '#5c4a3a',
      border: '#c9b8a6',
      radius: '12px',
      font: 'Georgia, serif',
    },
  },
};
export const ThemeDarkCustom: Story = {
  name: 'Theme: dark with an accent',
  args: { status: RESULTS, booking: null, booked: BOOKED, theme: { mode: 'dark', accent: '#ffb86b' } },
  globals: phone,
};
