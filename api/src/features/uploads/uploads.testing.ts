/** Uploading images and PDFs in tests, as a browser's form sends them (multipart, with a Content-Length). */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A small valid PDF (one empty page), as a receipt a customer attaches. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** The multipart body a browser would send, serialised, with its content type. */
export async function multipart(bytes: Uint8Array, filename: string, type: string, field = 'image') {
  const form = new FormData();
  form.append(field, new File([bytes], filename, { type }));
  const encoded = new Response(form);
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/** POST /uploads with a Content-Length, as most clients send it; answers the raw response. */
export async function postUpload(
  t: TestApp,
  auth: Record<string, string>,
  bytes: Uint8Array = PNG,
  filename = 'parcel.png',
  type = 'image/png',
) {
  const { body, contentType } = await multipart(bytes, filename, type);
  return t.app.request('/api/v1/uploads', {
    method: 'POST',
    body,
    headers: { ...auth, 'Content-Type': contentType, 'Content-Length': String(body.length) },
  });
}

/** Uploads the PNG (a parcel photo, a proof of value) and answers its url. */
export async function uploadedImage(t: TestApp, auth: Record<string, string>) {
  const res = await postUpload(t, auth);
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** Uploads the PDF (a receipt as proof of value) and answers its url. */
export async function uploadedPdf(t: TestApp, auth: Record<string, string>) {
  const res = await postUpload(t, auth, PDF, 'receipt.pdf', 'application/pdf');
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}
