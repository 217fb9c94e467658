/**
 * Uploads (POST /uploads): images for courier logos, profile photos and a claim's photos, and a
 * PDF or an image for a claim's proof of value. The spec's checks on this side first, then the
 * file itself; the API decides the real type from the content.
 */
import { type ChangeEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { useAuth } from '../auth/auth';
import { type ApiClient, isApiError, unwrap } from './client';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Please select an image file';
export const NOT_A_DOCUMENT = 'Please select an image or PDF file';
export const FILE_TOO_LARGE = 'File size should be less than 5MB';
/** What the image inputs offer; the API takes these three. */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';
/** What a document input offers (a receipt, a courier's papers): the images or a PDF. */
export const DOCUMENT_TYPES = `${IMAGE_TYPES},application/pdf`;

/** Whether an uploaded file's url is a PDF: the API names it by the type it found in the bytes. */
export const isPdfUrl = (url: string) => url.toLowerCase().endsWith('.pdf');

/** The spec's client-side checks, before anything is sent; null when the file may be uploaded. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  return null;
}

/** The same checks for a document: an image or a PDF. */
export function checkDocumentFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/') && file.type !== 'application/pdf') return NOT_A_DOCUMENT;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  return null;
}

/** The spec's message when the server refuses the file for its type or size, else null. */
export function uploadProblem(error: unknown, { pdf = false } = {}): string | null {
  if (isApiError(error, 415)) return pdf ? NOT_A_DOCUMENT : NOT_AN_IMAGE;
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
 * The change handler of an image file input (or a document's, with `pdf`): checks the file, uploads it, hands the URL to
 * `onUploaded`, and says `failureMessage(error)` when the upload fails: through `onProblem` when
 * given (a form shows it at its field), else a toast. The input is cleared afterwards, so the same
 * file can be chosen again.
 */
export function useImageUpload({
  onUploaded,
  failureMessage,
  onProblem = (message) => toast.error(message),
  pdf = false,
}: {
  onUploaded: (url: string) => void | Promise<void>;
  failureMessage: (error: unknown) => string;
  onProblem?: (message: string) => void;
  /** A PDF is welcome too (a claim's proof of value). */
  pdf?: boolean;
}) {
  const { apiClient } = useAuth();
  const [uploading, setUploading] = useState(false);

  async function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = pdf ? checkDocumentFile(file) : checkImageFile(file);
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
