import { useRef, type PointerEvent } from 'react';

/** Handlers a row spreads on itself so that a mouse press, not its release, plays it. */
interface PressToPlay {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onClick: () => void;
}

/**
 * A row sounds on the mouse's press, as a DAW's browser does: a hand holds a button ~80–120 ms
 * before it lets go, and the click event only comes at the release (benchmarks/README.md "The real
 * path"). The click that follows such a press does nothing more. Touch keeps the click (a finger's
 * press may start a scroll), and so do presses on parts with a click of their own (the checkbox,
 * the waveform's seek, the row's buttons), marked `data-own-click`.
 */
export function usePressToPlay(activate: () => void): PressToPlay {
  const pressed = useRef(false);
  return {
    onPointerDown(event) {
      pressed.current =
        event.button === 0 &&
        event.isPrimary &&
        event.pointerType !== 'touch' &&
        !event.shiftKey &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !(event.target as Element).closest('[data-own-click], button, input, a');
      if (pressed.current) activate();
    },
    onClick() {
      if (pressed.current) pressed.current = false;
      else activate();
    },
  };
}
