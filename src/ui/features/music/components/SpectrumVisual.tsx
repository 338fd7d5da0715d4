import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import AudioMotionAnalyzer from 'audiomotion-analyzer';
import { musicAudio } from '../music-audio.ts';

const Box = styled.div`
  width: 160px;
  height: 40px;
  flex-shrink: 0;
`;

/** The audiomotion-analyzer spectrum of the music player, fed from the `<audio>` element's graph. */
export function SpectrumVisual({ label }: { label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const { context, volume } = musicAudio();
    const analyzer = new AudioMotionAnalyzer(box.current, {
      audioCtx: context,
      // The element already reaches the speakers through its own connection.
      connectSpeakers: false,
      mode: 6,
      height: 40,
      showScaleX: false,
      showBgColor: false,
      overlay: true,
      bgAlpha: 0,
      gradient: 'prism',
      reflexRatio: 0,
    });
    analyzer.connectInput(volume);
    // destroy() detaches only the analyser's own input, never the element's path to the speakers.
    return () => analyzer.destroy();
  }, []);
  return <Box ref={box} role="img" aria-label={label} data-testid="music-spectrum" />;
}
