import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n/I18nProvider.tsx';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  title?: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md';
}

/** An accessible dialog: Escape and the backdrop close it, focus moves into it and back out. */
export function Modal({ title, onClose, children, footer, size = 'sm' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const t = useT();

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const firstField = dialog?.querySelector<HTMLElement>('input, textarea, button.btn--primary, button');
    firstField?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previouslyFocused?.focus?.();
    };
  }, [onClose]);

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
      >
        <div className="modal__head">
          {title ? (
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
          ) : (
            <span />
          )}
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__foot">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

/** The seeds' message popup: one message and an OK button. */
export function MessageDialog({ message, onClose }: { message: string; onClose(): void }) {
  const t = useT();
  return (
    <Modal
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          {t('common.ok')}
        </button>
      }
    >
      <p className="message-dialog__text" data-testid="message-dialog">
        {message}
      </p>
    </Modal>
  );
}
