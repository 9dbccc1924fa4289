import { useEffect, useId, useMemo } from 'react';
import { useT } from '../../i18n/I18nProvider.tsx';
import { ImageIcon } from '../../ui/icons.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { ACCEPTED_IMAGE_TYPES, isAcceptedImage } from './inputRules.ts';
import styles from './ImagePicker.module.css';

interface ImagePickerProps {
  file: File | null;
  /** The chosen JPEG or PNG; null when the choice was cleared or was another kind of file (a toast says so). */
  onChange(file: File | null): void;
  disabled?: boolean;
  label: string;
}

/** KYC photo picker (JPEG or PNG) with a preview of the chosen image. */
export function ImagePicker({ file, onChange, disabled, label }: ImagePickerProps) {
  const t = useT();
  const toast = useToast();
  const inputId = useId();
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  return (
    <div className={styles.picker}>
      <label htmlFor={inputId} className={previewUrl ? `${styles.drop} ${styles.hasPreview}` : styles.drop}>
        {previewUrl ? (
          <img className={styles.preview} src={previewUrl} alt={t('kyc.previewAlt')} data-testid="kyc-preview" />
        ) : (
          <span className={styles.placeholder}>
            <ImageIcon size={32} />
            <strong>{label}</strong>
            <span className="muted">{t('kyc.accepted')}</span>
          </span>
        )}
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="file"
        name="uploadFile"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        disabled={disabled}
        // Reset the value so choosing the same file again still fires a change.
        onClick={(event) => {
          event.currentTarget.value = '';
        }}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          if (chosen && !isAcceptedImage(chosen)) {
            onChange(null);
            return toast(t('kyc.selectImage'), 'error');
          }
          onChange(chosen);
        }}
      />
      {file ? (
        <div className={styles.meta}>
          <span className={styles.name}>{file.name}</span>
          <label htmlFor={inputId} className="link link--small">
            {t('kyc.change')}
          </label>
        </div>
      ) : null}
    </div>
  );
}
