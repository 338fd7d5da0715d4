import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSpectrum } from './LiveSpectrum.tsx';

// The drawing library needs a canvas: this unit test only checks when it is made and paused.
const made = vi.hoisted(() => [] as { on: boolean[]; destroyed: boolean }[]);
vi.mock('audiomotion-analyzer', () => ({
  default: class {
    record = { on: [] as boolean[], destroyed: false };
    constructor() {
      made.push(this.record);
    }
    toggleAnalyzer(on?: boolean) {
      this.record.on.push(on ?? true);
      return on ?? true;
    }
    destroy() {
      this.record.destroyed = true;
    }
  },
}));

const analyser = {} as AnalyserNode;

beforeEach(() => void (made.length = 0));

describe('LiveSpectrum', () => {
  it('makes no analyzer before anything sounds', async () => {
    render(<LiveSpectrum analyser={null} label="spectrum" />);
    await new Promise((r) => setTimeout(r, 20));
    expect(made).toHaveLength(0);
  });

  it('makes the analyzer once, then pauses, hides and resumes it', async () => {
    const view = render(<LiveSpectrum analyser={analyser} label="spectrum" />);
    await waitFor(() => expect(made).toHaveLength(1));
    const box = view.getByRole('img', { name: 'spectrum' });
    view.rerender(<LiveSpectrum analyser={null} label="spectrum" />);
    expect(made[0]!.on.at(-1)).toBe(false);
    expect(box.style.visibility).toBe('hidden');
    view.rerender(<LiveSpectrum analyser={analyser} label="spectrum" />);
    expect(made[0]!.on.at(-1)).toBe(true);
    expect(box.style.visibility).toBe('visible');
    await new Promise((r) => setTimeout(r, 20));
    expect(made).toHaveLength(1);
    view.unmount();
    expect(made[0]!.destroyed).toBe(true);
  });
});
