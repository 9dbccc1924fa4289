import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** Seeds §1: toast messages disappear after 2 seconds. */
export const TOAST_DURATION_MS = 2000;

export type ToastTone = 'info' | 'success' | 'error';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

type ShowToast = (message: string, tone?: ToastTone) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  /** The toast showing each message (by tone and text), to replace it when the same message comes again. */
  const showing = useRef(new Map<string, number>());

  const show = useCallback<ShowToast>((message, tone = 'info') => {
    const id = nextId.current++;
    const key = `${tone}:${message}`;
    // The same message again (orders placed in a row) replaces its earlier toast and restarts the 2 seconds: a stack
    // of identical toasts said nothing more and, on a phone, covered the order buttons.
    const earlier = showing.current.get(key);
    if (earlier !== undefined) {
      clearTimeout(timers.current.get(earlier));
      timers.current.delete(earlier);
    }
    showing.current.set(key, id);
    setToasts((current) => [...current.filter((toast) => toast.id !== earlier).slice(-3), { id, message, tone }]);
    const timer = setTimeout(() => {
      timers.current.delete(id);
      if (showing.current.get(key) === id) showing.current.delete(key);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, TOAST_DURATION_MS);
    timers.current.set(id, timer);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-stack" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone}`} role="status">
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside ToastProvider');
  return show;
}
