import { useCallback, useEffect, useState } from 'react';

/**
 * Loads data on mount (cancelled on unmount); `reload` fetches again. `load` must be stable
 * (a module-level function), since a new one starts a new fetch.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ data: T | null; failed: boolean; loading: boolean }>({
    data: null,
    failed: false,
    loading: true,
  });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, failed: false, loading: false });
      },
      () => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, failed: true, loading: false }));
      },
    );
    return () => controller.abort();
  }, [load, round]);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, failed: false, loading: true }));
    setRound((r) => r + 1);
  }, []);
  return { ...state, reload };
}
