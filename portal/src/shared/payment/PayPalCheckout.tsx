import { loadScript, type PayPalButtonsComponent } from '@paypal/paypal-js';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import type { PaymentSession } from '../api/orders';
import { paymentMessages } from './messages';

type ScriptState = 'initial' | 'pending' | 'resolved' | 'rejected';

interface PayPalCheckoutProps {
  currency: string;
  /** Creates (or resumes) the provider order on the server. */
  start: () => Promise<PaymentSession>;
  /** Captures on the server after the buyer approved in PayPal's window; reports its own errors. */
  onApprove: () => Promise<void>;
}

/**
 * PayPal's buttons through @paypal/paypal-js. The provider order is created by the API (so the
 * amount is the server's), the buttons only open it; approval is captured by the API too.
 */
export function PayPalCheckout({ currency, start, onApprove }: PayPalCheckoutProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ScriptState>('initial');
  // The callbacks change identity on every render; the buttons are rendered once.
  const latest = useRef({ start, onApprove });
  latest.current = { start, onApprove };

  useEffect(() => {
    let active = true;
    let buttons: PayPalButtonsComponent | undefined;
    void (async () => {
      setState('pending');
      let session: PaymentSession;
      try {
        session = await latest.current.start();
      } catch {
        if (active) {
          setState('rejected');
          toast.error(paymentMessages.providerError);
        }
        return;
      }
      if (!session.clientId || !session.providerOrderId) {
        if (active) {
          setState('rejected');
          toast.error(paymentMessages.noApprovalLink);
        }
        return;
      }
      let paypal: Awaited<ReturnType<typeof loadScript>>;
      try {
        paypal = await loadScript({ clientId: session.clientId, currency, intent: 'capture' });
      } catch (error) {
        console.error(paymentMessages.scriptFailed, error);
        if (active) {
          setState('rejected');
          toast.error(paymentMessages.scriptFailed);
        }
        return;
      }
      if (!active || !paypal?.Buttons || !container.current) return;
      buttons = paypal.Buttons({
        style: { layout: 'vertical', height: 45 },
        createOrder: async () => session.providerOrderId,
        onApprove: async () => {
          // The panel has already told the buyer what went wrong; PayPal must not show its own error too.
          await latest.current.onApprove().catch(() => undefined);
        },
        onCancel: () => {
          toast.info(paymentMessages.cancelled);
        },
        onError: (error) => {
          console.error(error);
          toast.error(paymentMessages.providerError);
        },
      });
      try {
        await buttons.render(container.current);
        if (active) setState('resolved');
      } catch (error) {
        // Unmounting while PayPal renders rejects the render; that is not the buyer's problem.
        if (active) {
          console.error(error);
          setState('rejected');
          toast.error(paymentMessages.providerError);
        }
      }
    })();
    return () => {
      active = false;
      void buttons?.close().catch(() => undefined);
    };
  }, [currency]);

  return (
    <div className="paypal" aria-busy={state === 'pending'}>
      {state === 'pending' || state === 'initial' ? <Spinner label="Loading PayPal" size="md" /> : null}
      {state === 'rejected' ? (
        <p className="alert alert--error" role="alert">
          PayPal could not be loaded. Reload the page to try again.
        </p>
      ) : null}
      <div ref={container} className="paypal__buttons" />
    </div>
  );
}
