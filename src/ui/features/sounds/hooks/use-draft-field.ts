import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react';

/** Pause after the last keystroke before a typed filter applies (ms). */
const DRAFT_DELAY_MS = 450;

/** Options of useDraftField. */
interface DraftFieldOptions {
  /** The applied value as text (from the URL); '' when the filter is off. */
  applied: string;
  /**
   * The value typed text applies, or null while it cannot apply: not a value yet, or (when not
   * `final`) a value the field waits on (a reversed BPM range applies only on Enter or blur).
   */
  parse(text: string, final: boolean): string | null;
  /** Applies a value; `replace` when this field already applied once since it got focus. */
  apply(value: string, replace: boolean): void;
  delay?: number;
}

/** A typed filter field's draft and the handlers of its input. */
interface DraftField {
  /** The text in the field. */
  text: string;
  /** Applies the text now if it differs from what was applied (Enter, blur: `final`). */
  commit(final: boolean): void;
  /** Sets the text without applying it (a reset). */
  setText(text: string): void;
  inputProps: {
    value: string;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
    onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
    onFocus(): void;
    onBlur(): void;
  };
}

/**
 * A filter field that keeps what is typed: the text lives here, applies after a pause, on Enter
 * and on blur, and is replaced from the URL only when the URL changes to something this field did
 * not send (back/forward, reset, a swapped range). The URL change of an apply arrives after a
 * navigation (the profile is fetched first), often while the user is already typing more: an
 * answer equal to what was sent must never overwrite the field.
 */
export function useDraftField({
  applied,
  parse,
  apply,
  delay = DRAFT_DELAY_MS,
}: DraftFieldOptions): DraftField {
  const [text, setTextState] = useState(applied);
  const textRef = useRef(applied);
  const sent = useRef(applied);
  const appliedThisFocus = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ parse, apply });
  useEffect(() => {
    latest.current = { parse, apply };
  });

  const setText = useCallback((next: string) => {
    clearTimeout(timer.current);
    textRef.current = next;
    setTextState(next);
  }, []);

  // The URL changed to a value this field did not send: show it, dropping any pending draft.
  useEffect(() => {
    if (applied === sent.current) return;
    sent.current = applied;
    setText(applied);
  }, [applied, setText]);

  const commit = useCallback((final: boolean) => {
    clearTimeout(timer.current);
    const value = latest.current.parse(textRef.current, final);
    if (value === null || value === sent.current) return;
    sent.current = value;
    latest.current.apply(value, appliedThisFocus.current);
    appliedThisFocus.current = true;
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    text,
    commit,
    setText,
    inputProps: {
      value: text,
      onChange(event) {
        setText(event.target.value);
        timer.current = setTimeout(() => commit(false), delay);
      },
      onKeyDown(event) {
        // A form with two fields has no implicit submission: Enter applies the field itself.
        if (event.key !== 'Enter') return;
        event.preventDefault();
        commit(true);
      },
      onFocus() {
        appliedThisFocus.current = false;
      },
      onBlur() {
        commit(true);
      },
    },
  };
}
