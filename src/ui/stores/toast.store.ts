import { create } from 'zustand';
import type { ToastAction, ToastItem, ToastKind } from '../components/Toast.tsx';

/** How long a toast stays (ms); errors stay longer so they can be read. */
const DURATION_MS: Record<ToastKind, number> = { success: 3000, info: 3000, error: 5000 };
/** A toast with an action (undo) stays long enough to reach its button (10 s, as mail clients give). */
const ACTION_DURATION_MS = 10_000;

/** The toasts on screen. */
interface ToastState {
  toasts: ToastItem[];
  show: (kind: ToastKind, message: string, action?: ToastAction) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** Toast queue; render it with `ToastHost` (app) and add to it with `toast.*` from anywhere. */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(kind, message, action) {
    // The same message twice in a row (e.g. many failing requests) is shown once; a toast with
    // an action is its own (each undo undoes its own removal).
    const same =
      !action && get().toasts.find((t) => t.kind === kind && t.message === message && !t.action);
    if (same) return same.id;
    const id = nextId++;
    const item: ToastItem = action ? { id, kind, message, action } : { id, kind, message };
    set((state) => ({ toasts: [...state.toasts, item].slice(-4) }));
    setTimeout(() => get().dismiss(id), action ? ACTION_DURATION_MS : DURATION_MS[kind]);
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

/** Shows toasts from anywhere (components, stores, the HTTP client). */
export const toast = {
  success: (message: string, action?: ToastAction) =>
    useToastStore.getState().show('success', message, action),
  error: (message: string) => useToastStore.getState().show('error', message),
  info: (message: string) => useToastStore.getState().show('info', message),
};
