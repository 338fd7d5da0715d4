import { createJSONStorage, type PersistStorage } from 'zustand/middleware';

/**
 * localStorage as JSON for zustand `persist`, where unreadable JSON counts as "nothing stored"
 * (the store then starts from its defaults) instead of an exception during hydration.
 */
export function safeJsonStorage<S>(): PersistStorage<S> | undefined {
  return createJSONStorage<S>(() => ({
    getItem(name) {
      const raw = localStorage.getItem(name);
      if (raw === null) return null;
      try {
        JSON.parse(raw);
        return raw;
      } catch {
        return null;
      }
    },
    setItem: (name, value) => localStorage.setItem(name, value),
    removeItem: (name) => localStorage.removeItem(name),
  }));
}

/** Whether a value is a plain object (what a persisted state must be). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
