import { useEffect, useRef } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  width: 120px;
  height: 32px;
`;

/** Props of LiveSpectrum. */
export interface LiveSpectrumProps {
  /** The engine's analyser (null until the audio engine started). */
  analyser: AnalyserNode | null;
  label: string;
}

/** A live spectrum of what the player outputs, drawn by audiomotion-analyzer (loaded on demand). */
export function LiveSpectrum({ analyser, label }: LiveSpectrumProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = box.current;
    if (!analyser || !container) return;
    let disposed = false;
    let instance: { destroy(): void } | null = null;
    void import('audiomotion-analyzer').then(({ default: AudioMotionAnalyzer }) => {
      if (disposed) return;
      instance = new AudioMotionAnalyzer(container, {
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
    });
    return () => {
      disposed = true;
      instance?.destroy();
    };
  }, [analyser]);
  return <Box ref={box} role="img" aria-label={label} />;
}
