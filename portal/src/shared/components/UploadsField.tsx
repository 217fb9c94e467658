/**
 * Files a form sends by url (claims' photos, proof of value and evidence; an adjustment's
 * photos): images, or with `pdf` images and PDFs (a receipt), each PDF shown as a link, never as
 * an image. A labelled file input that uploads each file through POST /uploads as it is chosen,
 * says so while it uploads, lists what was added with a way to take each out again before the
 * form is sent, and shows every problem (a wrong file, the API's refusal) under the field.
 */
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { FieldError } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { describeError } from '../api/client';
import { DOCUMENT_TYPES, IMAGE_TYPES, isPdfUrl, uploadProblem, useImageUpload } from '../api/uploads';

type FieldProps = {
  id: string;
  label: string;
  hint?: string;
  /** What one file is, for the spinner and the remove buttons: "photo" → "Remove photo 1". */
  item: string;
  /** The list of files added, as assistive tech names it. */
  listLabel: string;
  urls: string[];
  max: number;
  /** The form's own error for the field (a check before sending, or the API's). */
  error: string | undefined;
  /** PDFs are welcome too (proof of value); every other field takes images only. */
  pdf?: boolean;
};

export function UploadsField({
  onChange,
  onUploading,
  error,
  pdf = false,
  ...field
}: FieldProps & {
  /** Changes the list (a file added or removed); an update, as uploads finish after other edits. */
  onChange: (update: (urls: string[]) => string[]) => void;
  /** Told when an upload starts and ends, so the form waits for it before sending. */
  onUploading?: (uploading: boolean) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useImageUpload({
    onUploaded: (url) => {
      setProblem(null);
      onChange((list) => [...list, url]);
    },
    failureMessage: (e) => uploadProblem(e, { pdf }) ?? describeError(e),
    onProblem: setProblem,
    pdf,
  });
  useEffect(() => onUploading?.(upload.uploading), [onUploading, upload.uploading]);
  return (
    <UploadsFieldView
      {...field}
      pdf={pdf}
      error={problem ?? error}
      uploading={upload.uploading}
      onFileChange={(e) => void upload.onFileChange(e)}
      onRemove={(url) => onChange((list) => list.filter((u) => u !== url))}
    />
  );
}

/**
 * The field as people see it, given its state: what UploadsField renders, and what its stories
 * show (UploadsField.stories.tsx) without an API to upload to.
 */
export function UploadsFieldView({
  id,
  label,
  hint,
  item,
  listLabel,
  urls,
  max,
  error,
  pdf = false,
  uploading,
  onFileChange,
  onRemove,
}: FieldProps & {
  uploading: boolean;
  onFileChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (url: string) => void;
}) {
  const full = urls.length >= max;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={pdf ? DOCUMENT_TYPES : IMAGE_TYPES}
        onChange={onFileChange}
        disabled={uploading || full}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {full ? `${hint} (the most: ${max})` : hint}
        </p>
      ) : null}
      {uploading ? (
        <p className="muted upload-progress">
          <Spinner label={`Uploading the ${item}`} /> Uploading…
        </p>
      ) : null}
      {urls.length > 0 ? (
        <ul className="claim-photos" aria-label={listLabel}>
          {urls.map((url, i) => (
            <li key={url}>
              {isPdfUrl(url) ? (
                <PdfLink url={url} name={`${capitalise(item)} ${i + 1}`} />
              ) : (
                <img src={url} alt={`${capitalise(item)} ${i + 1}`} width={64} height={64} />
              )}
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${item} ${i + 1}`}
                onClick={() => onRemove(url)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * Uploaded files shown back: images as thumbnails, each opening the full image; a PDF as a link
 * named by what it is ("Proof of value (PDF)"); nothing when there are none.
 */
export function Thumbnails({ urls, item, label }: { urls: string[]; item: string; label: string }) {
  if (urls.length === 0) return null;
  const pdfs = urls.filter(isPdfUrl);
  return (
    <ul className="claim-photos" aria-label={label}>
      {urls.map((url, i) => (
        <li key={url}>
          {isPdfUrl(url) ? (
            <PdfLink url={url} name={pdfs.length > 1 ? `${label} ${pdfs.indexOf(url) + 1}` : label} />
          ) : (
            <a href={url} target="_blank" rel="noreferrer">
              <img src={url} alt={`${capitalise(item)} ${i + 1}`} width={64} height={64} loading="lazy" />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A PDF upload as a file chip: the API sends it as a download, so no new tab. */
function PdfLink({ url, name }: { url: string; name: string }) {
  return (
    <a href={url} download className="file-chip">
      {name} (PDF)
    </a>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Whether any of a form's upload fields is still uploading: `uploading(field)` is each field's `onUploading`. */
export function useUploadsBusy() {
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  // One stable callback per field, so a field's effect runs only when its upload starts or ends.
  const callbacks = useRef(new Map<string, (now: boolean) => void>());
  const uploading = useCallback((field: string) => {
    let callback = callbacks.current.get(field);
    if (!callback) {
      callback = (now: boolean) => setBusy((all) => (all[field] === now ? all : { ...all, [field]: now }));
      callbacks.current.set(field, callback);
    }
    return callback;
  }, []);
  return { busy: Object.values(busy).some(Boolean), uploading };
}
