import { useEffect, useId } from 'react';
import { Spinner } from '../../components/Spinner';
import { uploadErrorMessage } from '../api/courier-services';
import { IMAGE_TYPES, useImageUpload } from '../api/uploads';

interface LogoFieldProps {
  value: string;
  onChange: (url: string) => void;
  onUploadingChange: (uploading: boolean) => void;
  /** Where the logo is shown, under the file input. */
  hint?: string;
}

/**
 * The service logo: the file is checked here first (an image, under 5 MB), then uploaded at
 * once; the API decides the real type from the file's content and answers the URL to save.
 */
export function LogoField({
  value,
  onChange,
  onUploadingChange,
  hint = 'Shown beside your service in quotes.',
}: LogoFieldProps) {
  const { uploading, onFileChange } = useImageUpload({
    onUploaded: onChange,
    failureMessage: uploadErrorMessage,
  });
  const inputId = useId();
  const hintId = useId();

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);

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
            accept={IMAGE_TYPES}
            aria-describedby={hintId}
            disabled={uploading}
            onChange={onFileChange}
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
        PNG, JPEG or WebP, less than 5MB. {hint}
      </p>
    </div>
  );
}
