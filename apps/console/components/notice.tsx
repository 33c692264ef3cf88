'use client';

import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

export type Tone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

/**
 * A message in the page. Errors and warnings are alerts (read out when they appear); the others are a plain
 * status. Pass `title` for a bold first line.
 */
export function Notice({ tone = 'info', title, children }: { tone?: Tone; title?: string; children?: ReactNode }) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div className={`notice tone-${tone}`} role={urgent ? 'alert' : 'status'}>
      {title ? <p>{<strong>{title}</strong>}</p> : null}
      {typeof children === 'string' ? <p>{children}</p> : children}
    </div>
  );
}

type Toast = { id: number; tone: Tone; text: string };
type ToastApi = { show: (text: string, tone?: Tone) => void };

const ToastContext = createContext<ToastApi>({ show: () => undefined });

/**
 * Short confirmations after an action ("Lead moved to contacted."), bottom right, gone after 6 s. The list is
 * a live region that exists before the first toast, so each is read once. Mounted once by the console's shell;
 * pages call `useToast().show(text, tone)`.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const show = useCallback((text: string, tone: Tone = 'success') => {
    const id = next.current++;
    setToasts((list) => [...list.slice(-2), { id, tone, text }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), 6000);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite" aria-relevant="additions">
        {toasts.map((t) => (
          <div key={t.id} className={`notice tone-${t.tone}`}>
            {t.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
