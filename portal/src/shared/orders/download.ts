import { useState } from 'react';
import { toast } from 'react-toastify';
import { describeError } from '../api/client';
import { type OrderDocument, type OrderPaper, orderPapersApi, ordersApi } from '../api/orders';
import { useAuth } from '../auth/auth';

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * A download action with its busy state; errors become a toast with the API's explanation. The
 * API serves documents only to their owner and a plain link cannot carry the bearer token, so the
 * file is fetched and handed to the browser as a blob.
 */
export function useDocumentDownload() {
  const { apiClient } = useAuth();
  const [busy, setBusy] = useState<OrderDocument | null>(null);

  async function download(orderId: string, kind: OrderDocument) {
    setBusy(kind);
    try {
      const { blob, filename } = await ordersApi.document(apiClient, orderId, kind);
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(describeError(error));
    } finally {
      setBusy(null);
    }
  }

  return { download, busy };
}

/** The same for an order's VAT receipt and credit notes; `busy` names the paper downloading. */
export function usePaperDownload() {
  const { apiClient } = useAuth();
  const [busy, setBusy] = useState<string | null>(null);

  async function download(orderId: string, paper: OrderPaper) {
    setBusy(paper.kind === 'receipt' ? 'receipt' : paper.number);
    try {
      const { blob, filename } = await orderPapersApi.download(apiClient, orderId, paper);
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(describeError(error));
    } finally {
      setBusy(null);
    }
  }

  return { download, busy };
}
