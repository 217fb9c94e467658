import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { useAuth } from '../../app/auth';
import { Spinner } from '../../components/Spinner';
import { checkImageFile, uploadErrorMessage, uploadImage } from './api';

interface LogoFieldProps {
  value: string;
  onChange: (url: string) => void;
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * The service logo: the file is checked here first (an image, under 5 MB), then uploaded at
 * once; the API decides the real type from the file's content and answers the URL to save.
 */
export function LogoField({ value, onChange, onUploadingChange }: LogoFieldProps) {
  const { authFetch, getAccessToken } = useAuth();
  const [uploading, setUploading] = useState(false);
  const inputId = useId();
  const hintId = useId();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
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
    onUploadingChange(true);
    try {
      onChange(await uploadImage(file, { authFetch, getAccessToken }));
    } catch (error) {
      toast.error(uploadErrorMessage(error));
    } finally {
      input.value = '';
      setUploading(false);
      onUploadingChange(false);
    }
  }

  return (
    <div className="field logo-field">
      <label className="field__label" htmlFor={inputId}>
        Logo
      </label>
      <div className="logo-field__row">
        {value ? (
          <img className="logo-field__preview" src={value} alt="Logo preview" width={72} height={72} />
        ) : (
          <span className="logo-field__preview logo-field__preview--empty" aria-hidden="true">
            No logo
          </span>
        )}
        <div className="logo-field__controls">
          <input
            id={inputId}
            className="logo-field__input"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby={hintId}
            disabled={uploading}
            onChange={onFile}
          />
          {uploading ? <Spinner label="Uploading logo" /> : null}
          {value && !uploading ? (
            <button type="button" className="link-button" onClick={() => onChange('')}>
              Remove logo
            </button>
          ) : null}
        </div>
      </div>
      <p className="field__hint" id={hintId}>
        PNG, JPEG or WebP, less than 5MB. Shown beside your service in quotes.
      </p>
    </div>
  );
}
