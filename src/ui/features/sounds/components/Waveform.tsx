import { memo, useId, useMemo, type MouseEvent } from 'react';
import styled from 'styled-components';

/** Width of the drawing in peak units: one unit per peak of the spectrum answer. */
const UNITS = 256;
const HEIGHT = 32;

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: 100%;
  cursor: pointer;
`;

const Played = styled.path`
  stroke: ${({ theme }) => theme.colors.primary};
`;

/** One SVG path of vertical bars, one per peak (cheap to draw: a single element). */
function barsPath(peaks: readonly number[]): string {
  const step = UNITS / Math.max(1, peaks.length);
  let d = '';
  peaks.forEach((peak, i) => {
    const h = Math.max(0.5, Math.min(1, peak) * (HEIGHT / 2 - 1));
    const x = (i * step + step / 2).toFixed(2);
    d += `M${x} ${(HEIGHT / 2 - h).toFixed(2)}V${(HEIGHT / 2 + h).toFixed(2)}`;
  });
  return d;
}

/** Props of Waveform. */
interface WaveformProps {
  peaks: readonly number[] | undefined;
  /** 0–1 on the playing row, null elsewhere. */
  progress: number | null;
  label: string;
  onSeek(fraction: number): void;
}

/** A sample's waveform from its 256 peaks, the played part in the main colour; a click seeks. */
export const Waveform = memo(function Waveform({ peaks, progress, label, onSeek }: WaveformProps) {
  const clip = useId();
  const d = useMemo(() => (peaks ? barsPath(peaks) : `M0 ${HEIGHT / 2}H${UNITS}`), [peaks]);
  const click = (event: MouseEvent<SVGSVGElement>) => {
    event.stopPropagation();
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) onSeek((event.clientX - box.left) / box.width);
  };
  return (
    <Svg
      viewBox={`0 0 ${UNITS} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-progress={progress ?? undefined}
      data-own-click
      onClick={click}
    >
      <path d={d} stroke="currentColor" strokeOpacity={0.6} strokeWidth={0.8} fill="none" />
      {progress !== null && progress > 0 && (
        <>
          <clipPath id={clip}>
            <rect x={0} y={0} width={progress * UNITS} height={HEIGHT} />
          </clipPath>
          <Played d={d} clipPath={`url(#${clip})`} strokeWidth={0.9} fill="none" />
        </>
      )}
    </Svg>
  );
});
