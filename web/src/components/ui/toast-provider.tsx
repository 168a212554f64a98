import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { Toaster } from './toast';
import { createToastStore } from './toast-store';
import { ToastContext } from './use-toast';

/** Owns the toast store and renders the toaster next to the app. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <ToastContext.Provider value={store}>
      {children}
      <Toaster toasts={toasts} store={store} />
    </ToastContext.Provider>
  );
}
