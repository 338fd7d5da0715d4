import { useEffect } from 'react';
import { useLayoutStore } from '../../../stores/layout.store.ts';

/** Whether a key press lands in a place that takes text (then shortcut keys are typing). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(target.type)
  );
}

/**
 * `/` and Ctrl/Cmd+K open the search bar and focus it from any page (issue 17 §2), except while
 * typing in another field, where they stay keys of that field.
 */
export function useSearchShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTyping(event.target)) return;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
      const commandK =
        event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
      if (!slash && !commandK) return;
      event.preventDefault();
      useLayoutStore.getState().focusSearch();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
