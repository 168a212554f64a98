import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ToastInput, ToastItem, ToastStore } from './toast-store';

export const ToastContext = createContext<ToastStore | null>(null);

/** Shows and dismisses toasts; must be used under ToastProvider. */
export function useToast(): {
  toast: (input: ToastInput) => string;
  dismiss: (id?: string) => void;
  toasts: readonly ToastItem[];
} {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToast must be used inside <ToastProvider>');
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { toast: store.show, dismiss: store.dismiss, toasts };
}
