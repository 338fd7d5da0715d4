import { memo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import styled, { css } from 'styled-components';
import type { Sample } from '../../../../shared/index.ts';
import { ellipsis, Icon, IconButton, Spinner } from '../../../components/index.ts';
import { isActiveRow, usePlayerStore, auditionSample } from '../../../player/index.ts';
import { useSampleFlags } from '../../downloads/index.ts';
import { timePitchOf } from '../../../../shared/audio/sync-params.ts';
import { dawDrag, downloadSampleAsHeard } from '../services.ts';
import { useCoverThumb } from '../hooks/use-cover-thumb.ts';
import { usePressToPlay } from '../hooks/use-press-to-play.ts';
import type { RowShared } from '../hooks/use-row-shared.ts';
import { usePeaks } from '../hooks/use-peaks.ts';
import { DetectedMark } from './DetectedMark.tsx';
import { rowTextCells } from './format.ts';
import { Waveform } from './Waveform.tsx';
import { similarPath } from '../model/similar-path.ts';

/**
 * Row height in px: fixed so the virtualizer never measures (smooth at 100k rows); 52 px lets a
 * 1400×900 window with the filters open show 8 whole rows (docs/SOUNDS.md, "The sample grid").
 */
export const ROW_HEIGHT = 52;

/** Side of a row's cover (CSS px). */
export const COVER_SIDE = 40;

/** Widest phone layout (px): below 600 px rows drop to the phone columns. */
const PHONE_MAX = 599;

/** Grid columns shared by the header and the rows; key and BPM go under 990 px. */
export const ROW_COLUMNS = css`
  display: grid;
  grid-template-columns:
    32px 40px minmax(140px, 2fr) minmax(120px, 3fr) minmax(90px, 1fr)
    56px 56px 52px 160px;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: 0 ${({ theme }) => theme.space(3)};
  @media (max-width: ${({ theme }) => theme.breakpoints.metadata - 1}px) {
    grid-template-columns:
      32px 40px minmax(120px, 2fr) minmax(100px, 3fr) minmax(80px, 1fr)
      52px 160px;
    & > [data-meta] {
      display: none;
    }
  }
  /* Phones: cover, name over pack, length, like and download; selection and waveform go. */
  @media (max-width: ${PHONE_MAX}px) {
    grid-template-columns: 40px minmax(0, 1fr) auto auto;
    padding: 0 ${({ theme }) => theme.space(1)};
    & > :nth-child(1),
    & > :nth-child(4),
    & > :nth-child(n + 5):nth-last-child(n + 3) {
      display: none;
    }
  }
`;

const Row = styled.div<{ $selected: boolean; $active: boolean; $current: boolean }>`
  ${ROW_COLUMNS}
  position: absolute;
  left: 0;
  right: 0;
  height: ${ROW_HEIGHT}px;
  /* Each row is its own layer: scrolling moves rasterised rows instead of repainting waveforms. */
  will-change: transform;
  contain: layout paint style;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $selected, $current }) =>
    $selected || $current ? theme.colors.primarySoft : 'transparent'};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  ${({ $active, theme }) =>
    $active &&
    css`
      [role='grid']:focus-visible & {
        outline: 2px solid ${theme.colors.primary};
        outline-offset: -2px;
      }
    `}
`;

const Cover = styled.div`
  position: relative;
  width: ${COVER_SIDE}px;
  height: ${COVER_SIDE}px;
  border-radius: ${({ theme }) => theme.radius.small};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  & svg {
    position: absolute;
    inset: 10px;
    color: #fff;
    filter: drop-shadow(0 0 2px rgba(0, 0, 0, 0.6));
  }
`;

const Name = styled.div`
  min-width: 0;
  & strong,
  & span {
    display: block;
    ${ellipsis}
  }
  & span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

const Muted = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
  ${ellipsis}
  & small {
    display: block;
    font-size: 0.85em;
    opacity: 0.8;
  }
`;

const Wave = styled.div`
  height: 32px;
  color: ${({ theme }) => theme.colors.text};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  /* Phones: four actions (audition, like, download, similar) at 28 px leave the name ~150 px. */
  @media (max-width: ${PHONE_MAX}px) {
    & > button {
      width: 28px;
      height: 28px;
    }
  }
`;

/** What a row tells its list. */
interface SampleRowHandlers {
  onActivate(index: number): void;
  onToggleSelect(index: number, shift: boolean): void;
  onSeek(index: number, fraction: number): void;
  onDownload(sample: Sample): void;
  onLike(sample: Sample): void;
  /** Present on the warehouse and liked lists: removes the row from that list. */
  onRemove?: (sample: Sample) => void;
}

/** Props of SampleRow. */
export interface SampleRowProps extends SampleRowHandlers {
  sample: Sample;
  index: number;
  selected: boolean;
  active: boolean;
  /** Offset from the top of the rows (px); a number, so the memo holds across scroll frames. */
  top: number;
  rowId: string;
  /** What all rows read alike (the list's useRowShared): one prop, no subscription per row. */
  shared: RowShared;
}

/** One sample row of the grid: cover with play state, name, waveform, metadata, like and download. */
export const SampleRow = memo(function SampleRow(props: SampleRowProps) {
  const { sample, index, selected, active, top, rowId, shared } = props;
  const { t, tooltip } = shared;
  const flags = useSampleFlags(sample);
  const current = usePlayerStore((s) => s.id === sample.id);
  const playing = usePlayerStore(isActiveRow(sample.id));
  const progress = usePlayerStore((s) => (s.id === sample.id ? s.progress : null));
  // A failed play shows on its row too, not only in the toast (docs/UI.md "The player").
  const failed = usePlayerStore((s) => s.id === sample.id && s.lastError !== null);
  const peaks = usePeaks(sample.id);
  const cover = useCoverThumb(sample.icon, COVER_SIDE);
  const name = sample.audioName;
  const stop = (event: MouseEvent) => event.stopPropagation();
  const press = usePressToPlay(() => props.onActivate(index));
  const navigate = useNavigate();
  // Sync changes how the row is heard: it offers the version as heard for download.
  const heard = shared.text.heard?.(sample) ?? null;
  const asHeard = heard !== null && timePitchOf(heard) !== null;
  // Inside the desktop shell a row drags its file out into a DAW (docs/DESKTOP.md).
  const daw = dawDrag();
  const dragOut = daw.enabled();

  return (
    <Row
      role="row"
      id={rowId}
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-current={current || undefined}
      data-sample-id={sample.id}
      $selected={selected}
      $active={active}
      $current={current}
      style={{ transform: `translateY(${top}px)` }}
      onPointerDown={(event) => {
        press.onPointerDown(event);
        if (dragOut) void daw.prepare(sample);
      }}
      onClick={press.onClick}
      draggable={dragOut || undefined}
      onDragStart={dragOut ? (event) => daw.start(event, sample) : undefined}
      onPointerEnter={dragOut ? () => daw.hover(sample) : undefined}
      onPointerLeave={dragOut ? daw.leave : undefined}
    >
      <div role="gridcell" onClick={stop} data-own-click>
        <input
          type="checkbox"
          checked={selected}
          aria-label={t('row.select', { name })}
          onChange={() => {}}
          onClick={(event) => props.onToggleSelect(index, event.shiftKey)}
        />
      </div>
      <div role="gridcell">
        <Cover aria-label={t(playing ? 'row.pause' : 'row.play', { name })} role="img">
          {cover && <img src={cover} alt="" decoding="async" />}
          {playing && <Icon name="pause" size={20} />}
          {failed && !playing && (
            <Icon name="error" size={20} title={t('failedRow', { ns: 'player' })} />
          )}
        </Cover>
      </div>
      <Name role="gridcell">
        <strong>{name}</strong>
        <span>{sample.packName}</span>
      </Name>
      <Wave role="gridcell">
        <Waveform
          peaks={peaks}
          progress={progress}
          label={t('row.seek', { name })}
          onSeek={(fraction) => props.onSeek(index, fraction)}
        />
      </Wave>
      {rowTextCells(sample, shared.text).map((cell, i) => (
        <Muted key={i} role="gridcell" data-meta={cell.meta || undefined}>
          {cell.text}
          {cell.detected && <DetectedMark label={t('row.detected')} />}
          {cell.sub && <small>{cell.sub}</small>}
        </Muted>
      ))}
      <Actions role="gridcell" onClick={stop} data-own-click>
        {sample.auditionCode && (
          <IconButton
            icon="volumeHigh"
            label={t('row.audition', { name })}
            size={18}
            onClick={() => auditionSample(sample)}
          />
        )}
        <IconButton
          icon={flags.likes ? 'heart' : 'heartOutline'}
          label={t(flags.likes ? 'row.unlike' : 'row.like', { name })}
          aria-pressed={flags.likes}
          active={flags.likes}
          size={18}
          onClick={() => props.onLike(sample)}
        />
        {flags.downloading ? (
          <Spinner size={18} label={t('row.downloading', { name })} />
        ) : (
          <IconButton
            icon={flags.download ? 'check' : 'download'}
            label={t(flags.download ? 'row.downloaded' : 'row.download', { name })}
            title={tooltip(t(flags.download ? 'row.downloaded' : 'row.download', { name }))}
            active={flags.download}
            size={18}
            onClick={() => props.onDownload(sample)}
          />
        )}
        {asHeard && (
          <IconButton
            icon="music"
            label={t('row.downloadAsHeard', { name })}
            size={18}
            onClick={() => void downloadSampleAsHeard(sample)}
          />
        )}
        <IconButton
          icon="similar"
          label={t('row.similar', { name })}
          size={18}
          onClick={() => navigate(similarPath(sample.id), { state: { name } })}
        />
        {props.onRemove && (
          <IconButton
            icon="close"
            label={t('row.remove', { name })}
            size={18}
            onClick={() => props.onRemove?.(sample)}
          />
        )}
      </Actions>
    </Row>
  );
});
