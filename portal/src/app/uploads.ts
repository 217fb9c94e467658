/**
 * Image uploads (POST /uploads), for courier logos and profile photos: the spec's checks on this
 * side first, then the file itself; the API decides the real type from the content.
 */
import { type ChangeEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { API_BASE, ApiError, type AuthFetch, isApiError, type Problem } from './api';
import { useAuth } from './auth';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Please select an image file';
export const FILE_TOO_LARGE = 'File size should be less than 5MB';
/** What the file inputs offer; the API takes these three. */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';

/** The spec's client-side checks, before anything is sent; null when the file may be uploaded. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  return null;
}

/** The spec's message when the server refuses the file for its type or size, else null. */
export function uploadProblem(error: unknown): string | null {
  if (isApiError(error, 415)) return NOT_AN_IMAGE;
  if (isApiError(error, 413)) return FILE_TOO_LARGE;
  return null;
}

async function postImage(file: File, token: string | null): Promise<Response> {
  const body = new FormData();
  body.append('image', file);
  return fetch(`${API_BASE}/uploads`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json, application/problem+json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

async function problemOf(response: Response): Promise<Problem> {
  try {
    const data = (await response.json()) as Problem;
    if (data && typeof data === 'object' && 'status' in data) return data;
  } catch {
    // Not JSON (a proxy's HTML error page): fall through to a generic problem.
  }
  return {
    type: 'about:blank',
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
  };
}

/**
 * POST /uploads as multipart (field `image`). The shared `request()` speaks JSON only, so this
 * sends the form itself; on a 401 it lets `authFetch` refresh the session through a cheap
 * authenticated call (GET /users/me, which every role may make) and tries once more.
 */
export async function uploadImage(
  file: File,
  auth: { getAccessToken: () => string | null; authFetch: AuthFetch },
): Promise<string> {
  let response: Response;
  try {
    response = await postImage(file, auth.getAccessToken());
    if (response.status === 401) {
      await auth.authFetch('/users/me').catch(() => null);
      response = await postImage(file, auth.getAccessToken());
    }
  } catch {
    throw new ApiError({
      type: 'about:blank',
      title: 'Network error',
      status: 0,
      detail: 'Could not reach Consign. Check your connection and try again.',
    });
  }
  if (response.ok) return ((await response.json()) as { url: string }).url;
  throw new ApiError(await problemOf(response));
}

/**
 * The change handler of an image file input: checks the file (a toast says what is wrong), uploads
 * it, hands the URL to `onUploaded`, and toasts `failureMessage(error)` when the upload fails.
 * The input is cleared afterwards, so the same file can be chosen again.
 */
export function useImageUpload({
  onUploaded,
  failureMessage,
}: {
  onUploaded: (url: string) => void | Promise<void>;
  failureMessage: (error: unknown) => string;
}) {
  const { authFetch, getAccessToken } = useAuth();
  const [uploading, setUploading] = useState(false);

  async function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(problem);
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      const url = await uploadImage(file, { authFetch, getAccessToken });
      await onUploaded(url);
    } catch (error) {
      toast.error(failureMessage(error));
    } finally {
      input.value = '';
      setUploading(false);
    }
  }

  return { uploading, onFileChange };
}
