/** Visual and semantic flavours of a toast. */
export type ToastVariant = 'default' | 'destructive' | 'warning' | 'success' | 'info';

/** What a caller passes to show a toast. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to 5 s (2 s for success). */
  duration?: number;
}

/** A toast as rendered: `open` turns false on dismissal, and the item is removed 2 s later. */
export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

/** Only one toast shows at a time: a new one replaces the current one. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 2000;
export const DEFAULT_TOAST_DURATION_MS = 5000;
export const SUCCESS_TOAST_DURATION_MS = 2000;

/** The toast queue with its timers; React reads it through useSyncExternalStore. */
export interface ToastStore {
  show(input: ToastInput): string;
  dismiss(id?: string): void;
  /** Stops the auto-close clock (pointer or focus on the toast) until resume. */
  pause(id: string): void;
  resume(id: string): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly ToastItem[];
}

interface Clock {
  handle?: ReturnType<typeof setTimeout>;
  remaining: number;
  startedAt: number;
}

/** Creates an independent toast store (one per ToastProvider, so tests do not share state). */
export function createToastStore(): ToastStore {
  let toasts: readonly ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const clocks = new Map<string, Clock>();
  const removals = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const stopClock = (id: string) => {
    const clock = clocks.get(id);
    if (clock?.handle !== undefined) clearTimeout(clock.handle);
    clocks.delete(id);
  };

  const startClock = (id: string, ms: number) => {
    const clock: Clock = { remaining: ms, startedAt: Date.now() };
    clock.handle = setTimeout(() => dismiss(id), ms);
    clocks.set(id, clock);
  };

  const remove = (id: string) => {
    stopClock(id);
    const removal = removals.get(id);
    if (removal !== undefined) clearTimeout(removal);
    removals.delete(id);
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  };

  const dismiss = (id?: string) => {
    const targets = toasts.filter((toast) => toast.open && (id === undefined || toast.id === id));
    if (targets.length === 0) return;
    for (const toast of targets) {
      stopClock(toast.id);
      removals.set(
        toast.id,
        setTimeout(() => remove(toast.id), TOAST_REMOVE_DELAY_MS),
      );
    }
    const closing = new Set(targets.map((toast) => toast.id));
    toasts = toasts.map((toast) => (closing.has(toast.id) ? { ...toast, open: false } : toast));
    emit();
  };

  const show = (input: ToastInput): string => {
    counter += 1;
    const id = `toast-${counter}`;
    const variant = input.variant ?? 'default';
    const duration = input.duration ?? (variant === 'success' ? SUCCESS_TOAST_DURATION_MS : DEFAULT_TOAST_DURATION_MS);
    const item: ToastItem = { id, title: input.title, description: input.description, variant, duration, open: true };
    const next = [item, ...toasts];
    for (const dropped of next.slice(TOAST_LIMIT)) {
      stopClock(dropped.id);
      const removal = removals.get(dropped.id);
      if (removal !== undefined) clearTimeout(removal);
      removals.delete(dropped.id);
    }
    toasts = next.slice(0, TOAST_LIMIT);
    startClock(id, duration);
    emit();
    return id;
  };

  const pause = (id: string) => {
    const clock = clocks.get(id);
    if (!clock || clock.handle === undefined) return;
    clearTimeout(clock.handle);
    clock.handle = undefined;
    clock.remaining = Math.max(0, clock.remaining - (Date.now() - clock.startedAt));
  };

  const resume = (id: string) => {
    const clock = clocks.get(id);
    if (!clock || clock.handle !== undefined) return;
    startClock(id, clock.remaining);
  };

  return {
    show,
    dismiss,
    pause,
    resume,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
  };
}
