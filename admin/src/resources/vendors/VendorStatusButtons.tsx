import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { ConsignDataProvider } from '../../dataProvider';
import type { Vendor } from './types';

type Action = 'activate' | 'suspend';

/**
 * Activate / Suspend for the vendor in context. Suspending asks first: it takes the vendor's
 * services out of every quote at once. The server decides which transitions are allowed; the
 * buttons only hide the one that would be a no-op.
 */
export function VendorStatusButtons() {
  const vendor = useRecordContext<Vendor>();
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<Action | null>(null);
  const [confirmingSuspend, setConfirmingSuspend] = useState(false);

  if (!vendor) return null;

  const run = async (action: Action) => {
    setPending(action);
    try {
      const { data } =
        action === 'activate'
          ? await dataProvider.activateVendor(vendor.id)
          : await dataProvider.suspendVendor(vendor.id);
      notify(action === 'activate' ? 'consign.vendors.activated' : 'consign.vendors.suspended', {
        type: 'success',
        messageArgs: { name: data.shopName ?? data.ownerEmail },
      });
      refresh();
    } catch (error) {
      // The message is the API's problem detail (see http.ts), e.g. why the transition was refused.
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(null);
      setConfirmingSuspend(false);
    }
  };

  return (
    <>
      {vendor.status !== 'active' && (
        <Button
          label="consign.vendors.activate"
          onClick={() => void run('activate')}
          disabled={pending !== null}
          variant="contained"
        />
      )}
      {vendor.status !== 'suspended' && (
        <Button
          label="consign.vendors.suspend"
          onClick={() => setConfirmingSuspend(true)}
          disabled={pending !== null}
          color="error"
        />
      )}
      <Confirm
        isOpen={confirmingSuspend}
        loading={pending === 'suspend'}
        title="consign.vendors.suspend_title"
        content="consign.vendors.suspend_content"
        translateOptions={{ name: vendor.shopName ?? vendor.ownerEmail }}
        confirm="consign.vendors.suspend"
        confirmColor="warning"
        onConfirm={() => void run('suspend')}
        onClose={() => setConfirmingSuspend(false)}
      />
    </>
  );
}
