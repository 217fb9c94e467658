/**
 * Image uploads (POST /uploads), for courier logos and profile photos: the spec's checks on this
 * side first, then the file itself; the API decides the real type from the content.
 */
import { type ChangeEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { useAuth } from '../auth/auth';
import { type ApiClient, isApiError, unwrap } from './client';

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

/**
 * POST /uploads as multipart (field `image`), through the signed-in client: the token goes along
 * and a 401 refreshes the session once and tries again.
 */
export async function uploadImage(file: File, client: ApiClient): Promise<string> {
  const result = await client.POST('/api/v1/uploads', {
    // openapi-typescript types a binary field as string; the browser sends the File itself.
    body: { image: file as unknown as string },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('image', body.image as unknown as File);
      return form;
    },
  });
  return unwrap(result).url;
}

/**
 * The change handler of an image file input: checks the file, uploads it, hands the URL to
 * `onUploaded`, and says `failureMessage(error)` when the upload fails: through `onProblem` when
 * given (a form shows it at its field), else a toast. The input is cleared afterwards, so the same
 * file can be chosen again.
 */
export function useImageUpload({
  onUploaded,
  failureMessage,
  onProblem = (message) => toast.error(message),
}: {
  onUploaded: (url: string) => void | Promise<void>;
  failureMessage: (error: unknown) => string;
  onProblem?: (message: string) => void;
}) {
  const { apiClient } = useAuth();
  const [uploading, setUploading] = useState(false);

  async function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      onProblem(problem);
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      const url = await uploadImage(file, apiClient);
      await onUploaded(url);
    } catch (error) {
      onProblem(failureMessage(error));
    } finally {
      input.value = '';
      setUploading(false);
    }
  }

  return { uploading, onFileChange };
}
