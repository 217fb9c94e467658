import type { Meta, StoryObj } from '@storybook/preact-vite';
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { QUOTE, REFERENCE } from './fixtures';
import { type FormState, QuoteView, type QuoteViewProps } from './QuoteWidget';
import styles from './styles.css?inline';

/** Renders the story in a shadow root with the widget's stylesheet, as on a partner page. */
function InShadow({ children }: { children: preact.ComponentChildren }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    shadow.innerHTML = `<style>${styles}</style><div></div>`;
    render(children as preact.VNode, shadow.lastElementChild as Element);
    return () => render(null, shadow.lastElementChild as Element);
  });
  return <div ref={host} data-theme="light" />;
}

const FORM: FormState = {
  serviceType: 'domestic',
  from: 'England',
  to: 'Scotland',
  fromPostcode: '',
  toPostcode: '',
  parcels: [{ length: '30', width: '20', height: '15', weight: '2' }],
};

function Stateful(props: QuoteViewProps) {
  const [form, setForm] = useState(props.form);
  return (
    <InShadow>
      <QuoteView {...props} form={form} onFormChange={setForm} />
    </InShadow>
  );
}

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
  },
};

export default meta;
type Story = StoryObj<typeof Stateful>;

export const Empty: Story = {};
export const Loading: Story = { args: { status: { kind: 'loading' } } };
export const Results: Story = { args: { status: { kind: 'results', quote: QUOTE } } };
export const NoResults: Story = { args: { status: { kind: 'results', quote: { ...QUOTE, options: [] } } } };
export const ErrorState: Story = {
  name: 'Error',
  args: {
    status: { kind: 'error', message: 'This publishable key does not work on https://other.example.' },
  },
};
export const Booking: Story = {
  args: {
    status: { kind: 'results', quote: QUOTE },
    booking: { quoteId: 'q1', optionId: 'o1', url: 'about:blank' },
  },
};
export const Booked: Story = {
  args: {
    status: { kind: 'results', quote: QUOTE },
    booking: {
      quoteId: 'q1',
      optionId: 'o1',
      url: 'about:blank',
      booked: { orderId: 'ord_1', reference: '#5c1e4eb3', total: 599, currency: 'GBP' },
    },
  },
};
