import { useEffect, useRef } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  width: 120px;
  height: 32px;
`;

/** Props of LiveSpectrum. */
interface LiveSpectrumProps {
  /** The engine's analyser while something sounds; null pauses the drawing. */
  analyser: AnalyserNode | null;
  label: string;
}

interface Analyzer {
  toggleAnalyzer(on?: boolean): boolean;
  destroy(): void;
}

/**
 * A live spectrum of what the player outputs, drawn by audiomotion-analyzer (loaded on demand).
 * The analyzer is made the first time something sounds and then only paused and resumed: its
 * constructor holds the main thread for several milliseconds, which must never fall between a
 * click and its sound.
 */
export function LiveSpectrum({ analyser, label }: LiveSpectrumProps) {
  const box = useRef<HTMLDivElement>(null);
  const made = useRef<{ analyzer: Analyzer; source: AnalyserNode } | null>(null);
  useEffect(() => {
    const container = box.current;
    // A paused analyzer keeps its last frame: hide it while nothing sounds.
    const show = (on: boolean) => {
      made.current?.analyzer.toggleAnalyzer(on);
      if (container) container.style.visibility = on ? 'visible' : 'hidden';
    };
    if (made.current && made.current.source === analyser) {
      show(true);
      return () => show(false);
    }
    if (!analyser || !container) return;
    let disposed = false;
    void import('audiomotion-analyzer').then(({ default: AudioMotionAnalyzer }) => {
      if (disposed) return;
      made.current?.analyzer.destroy();
      const analyzer = new AudioMotionAnalyzer(container, {
        source: analyser,
        // The engine already routes sound to the speakers; a second path would double it.
        connectSpeakers: false,
        height: 32,
        mode: 10,
        overlay: true,
        bgAlpha: 0,
        showScaleX: false,
        showPeaks: false,
        gradient: 'prism',
        maxFPS: 30,
      });
      made.current = { analyzer, source: analyser };
      container.style.visibility = 'visible';
    });
    return () => {
      disposed = true;
      show(false);
    };
  }, [analyser]);
  // Freed with the player bar.
  useEffect(
    () => () => {
      made.current?.analyzer.destroy();
      made.current = null;
    },
    [],
  );
  return <Box ref={box} role="img" aria-label={label} title={label} />;
}
