import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePressToPlay } from './use-press-to-play.ts';

function Row({ activate }: { activate: () => void }) {
  const press = usePressToPlay(activate);
  return (
    <div role="row" {...press}>
      <span>name</span>
      <input type="checkbox" aria-label="select" />
      <svg data-own-click aria-label="wave" role="img" />
    </div>
  );
}

describe('usePressToPlay', () => {
  it('plays on the mouse press and not again at the release', async () => {
    const activate = vi.fn();
    render(<Row activate={activate} />);
    const user = userEvent.setup();
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByText('name') });
    expect(activate).toHaveBeenCalledTimes(1);
    await user.pointer({ keys: '[/MouseLeft]', target: screen.getByText('name') });
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('does not play on a press of a part with a click of its own', () => {
    const activate = vi.fn();
    render(<Row activate={activate} />);
    for (const part of [screen.getByLabelText('select'), screen.getByLabelText('wave')])
      fireEvent.pointerDown(part, { pointerType: 'mouse', button: 0, isPrimary: true });
    expect(activate).not.toHaveBeenCalled();
  });

  it.each([
    ['leaves a touch to its click', 'touch', 0],
    ['does not play on a right press, and a later click without a press still plays', 'mouse', 2],
  ])('%s', (_case, pointerType, button) => {
    const activate = vi.fn();
    render(<Row activate={activate} />);
    const name = screen.getByText('name');
    fireEvent.pointerDown(name, { pointerType, button, isPrimary: true });
    expect(activate).not.toHaveBeenCalled();
    fireEvent.click(name);
    expect(activate).toHaveBeenCalledTimes(1);
  });
});
