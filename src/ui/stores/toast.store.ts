import { create } from 'zustand';
import type { ToastItem, ToastKind } from '../components/Toast.tsx';

/** How long a toast stays (ms); errors stay longer so they can be read. */
const DURATION_MS: Record<ToastKind, number> = { success: 3000, info: 3000, error: 5000 };

/** The toasts on screen. */
interface ToastState {
  toasts: ToastItem[];
  show: (kind: ToastKind, message: string) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** Toast queue; render it with `ToastHost` (app) and add to it with `toast.*` from anywhere. */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(kind, message) {
    // The same message twice in a row (e.g. many failing requests) is shown once.
    const same = get().toasts.find((t) => t.kind === kind && t.message === message);
    if (same) return same.id;
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, kind, message }].slice(-4) }));
    setTimeout(() => get().dismiss(id), DURATION_MS[kind]);
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

/** Shows toasts from anywhere (components, stores, the HTTP client). */
export const toast = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
  info: (message: string) => useToastStore.getState().show('info', message),
};
