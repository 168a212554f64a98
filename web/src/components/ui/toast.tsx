import { type PointerEvent, useRef, useState } from 'react';
import type { ToastItem, ToastStore } from './toast-store';

/** A horizontal swipe longer than this dismisses the toast. */
export const SWIPE_THRESHOLD_PX = 50;

interface ToastProps {
  toast: ToastItem;
  store: ToastStore;
}

/** One notification: role=alert for destructive ones (announced at once), role=status otherwise. */
export function Toast({ toast, store }: ToastProps) {
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; pointerId: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = { x: event.clientX, pointerId: event.pointerId };
    store.pause(toast.id);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current) setOffset(event.clientX - start.current.x);
  };
  const endSwipe = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const distance = event.clientX - start.current.x;
    start.current = null;
    setOffset(0);
    if (Math.abs(distance) > SWIPE_THRESHOLD_PX) store.dismiss(toast.id);
    else store.resume(toast.id);
  };

  const urgent = toast.variant === 'destructive';
  return (
    <div
      className={`toast toast--${toast.variant}`}
      data-state={toast.open ? 'open' : 'closed'}
      aria-hidden={toast.open ? undefined : true}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      style={offset ? { transform: `translateX(${offset}px)`, transition: 'none' } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
        store.resume(toast.id);
      }}
      onMouseEnter={() => store.pause(toast.id)}
      onMouseLeave={() => store.resume(toast.id)}
      onFocus={() => store.pause(toast.id)}
      onBlur={() => store.resume(toast.id)}
    >
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        className="toast__close icon-button"
        aria-label="Close notification"
        tabIndex={toast.open ? 0 : -1}
        onClick={() => store.dismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The fixed area where toasts appear. */
export function Toaster({ toasts, store }: { toasts: readonly ToastItem[]; store: ToastStore }) {
  return (
    <section className="toaster" aria-label="Notifications">
      <div className="toaster__list">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} store={store} />
        ))}
      </div>
    </section>
  );
}
