import { create } from 'zustand';

/** Key in sessionStorage of what a visitor asked for before signing in. */
const PENDING_KEY = 'yinku.pendingAction';
/** A pending action older than this (the visitor left the login page for long) is dropped. */
const PENDING_TTL_MS = 30 * 60_000;

/** Something a visitor asked for before signing in: a kind a feature handles, and its data. */
export interface PendingAction {
  kind: string;
  data: unknown;
}

/** The stored form: the action, the page (path and query) it was asked on, and when. */
interface PendingRecord extends PendingAction {
  returnTo: string;
  at: number;
}

function isRecord(value: unknown): value is PendingRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.kind === 'string' &&
    typeof record.returnTo === 'string' &&
    record.returnTo.startsWith('/') &&
    typeof record.at === 'number'
  );
}

/**
 * Keeps the action for after the sign-in. sessionStorage: it belongs to this tab, and it survives
 * a logout's localStorage.clear() and the login page's navigation.
 */
export function savePending(action: PendingAction, returnTo: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...action, returnTo, at: now }));
  } catch {
    // Without storage the visitor still comes back to the page; the action is simply not redone.
  }
}

function readPending(): PendingRecord | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    if (isRecord(value)) return value;
    if (raw !== null) sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Unreadable or unparsable: nothing pending.
  }
  return null;
}

/**
 * Takes (and forgets) the pending action when it was asked on `place` (path + query) and is
 * fresh: it runs at most once, and only on the page the visitor came back to.
 */
export function takePending(place: string, now = Date.now()): PendingAction | null {
  const record = readPending();
  if (!record || record.returnTo !== place) return null;
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return null;
  }
  if (now - record.at > PENDING_TTL_MS) return null;
  return { kind: record.kind, data: record.data };
}

/** The kind of the action waiting for `place`, without taking it (null when none). */
export function pendingKind(place: string): string | null {
  const record = readPending();
  return record?.returnTo === place ? record.kind : null;
}

/** Who carries out each kind of pending action (a feature registers its kind when it loads). */
export const usePendingHandlers = create<{
  handlers: Record<string, (data: unknown) => unknown>;
}>()(() => ({ handlers: {} }));

/** Registers how pending actions of `kind` are carried out. */
export function registerPendingHandler(kind: string, handler: (data: unknown) => unknown): void {
  usePendingHandlers.setState((state) => ({ handlers: { ...state.handlers, [kind]: handler } }));
}
