import { memo } from 'react';
import styled from 'styled-components';
import type { Sample } from '../../../../shared/index.ts';
import type { RowShared } from '../hooks/use-row-shared.ts';
import { DETECTED_SIGN } from './DetectedMark.tsx';
import { rowTextCells } from './format.ts';
import { COVER_SIDE, ROW_COLUMNS, ROW_HEIGHT } from './SampleRow.tsx';

/**
 * One styled element for the whole row: each styled component costs a class computation per
 * mount, and a flung grid mounts about ten rows a frame. Also the skeleton row's box.
 */
export const Row = styled.div`
  ${ROW_COLUMNS}
  position: absolute;
  left: 0;
  right: 0;
  height: ${ROW_HEIGHT}px;
  contain: strict;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
  & > * {
    min-width: 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  & > [data-cover] {
    width: ${COVER_SIDE}px;
    height: ${COVER_SIDE}px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  & > [data-name] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
  & > [data-wave] {
    height: 1px;
    background: currentColor;
    opacity: 0.35;
  }
`;

/** Props of SampleRowLite. */
interface SampleRowLiteProps {
  sample: Sample;
  index: number;
  /** Offset from the top of the rows (px). */
  top: number;
  rowId: string;
  onActivate(index: number): void;
  shared: RowShared;
}

/**
 * A row drawn while the grid is flung (rows pass in under three frames): the same columns with
 * the name, pack, type, key, BPM and duration as text, and no controls, cover or waveform, which
 * cost most of a frame to mount. The list swaps in full rows as soon as the grid slows.
 */
export const SampleRowLite = memo(function SampleRowLite(props: SampleRowLiteProps) {
  const { sample, index, top, rowId } = props;
  return (
    <Row
      role="row"
      id={rowId}
      aria-rowindex={index + 2}
      data-sample-id={sample.id}
      data-lite
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => props.onActivate(index)}
    >
      <span role="gridcell" />
      <span role="gridcell" data-cover />
      <span role="gridcell" data-name>
        {sample.audioName} · {sample.packName}
      </span>
      <span role="gridcell" data-wave />
      {rowTextCells(sample, props.shared.text).map((cell, i) => (
        <span key={i} role="gridcell" data-meta={cell.meta || undefined}>
          {cell.detected ? `${cell.text}${DETECTED_SIGN}` : cell.text}
          {cell.sub ? ` · ${cell.sub}` : ''}
        </span>
      ))}
      <span role="gridcell" />
    </Row>
  );
});
