import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, describeError, type Problem } from '../../app/api';
import { useAuth } from '../../app/auth';

/**
 * Downloads a document the API serves only to its owner (label, customs declaration): a plain
 * link cannot carry the bearer token, so the file is fetched and handed to the browser as a blob.
 */
export async function fetchDocument(
  path: string,
  getToken: () => string | null,
  refreshSession: () => Promise<unknown>,
): Promise<{ blob: Blob; filename: string }> {
  const get = (token: string | null) =>
    fetch(path, {
      headers: {
        Accept: 'application/pdf, application/problem+json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      credentials: 'same-origin',
    });
  let response = await get(getToken());
  if (response.status === 401) {
    await refreshSession();
    response = await get(getToken());
  }
  if (!response.ok) {
    let problem: Problem = {
      type: 'about:blank',
      title: response.statusText || 'Error',
      status: response.status,
    };
    try {
      problem = (await response.json()) as Problem;
    } catch {
      // Not a problem document; the status says enough.
    }
    throw new ApiError(problem);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? path.split('/').pop() ?? 'document.pdf';
  return { blob: await response.blob(), filename };
}

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

/** A download action with its busy state; errors become a toast with the API's explanation. */
export function useDocumentDownload() {
  const { getAccessToken, authFetch } = useAuth();
  const [busy, setBusy] = useState<string | null>(null);

  async function download(path: string) {
    setBusy(path);
    try {
      // authFetch refreshes an expired access token on its 401; any cheap authenticated call will do.
      const { blob, filename } = await fetchDocument(path, getAccessToken, () => authFetch('/users/me'));
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(describeError(error));
    } finally {
      setBusy(null);
    }
  }

  return { download, busy };
}
