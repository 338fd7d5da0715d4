import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Sample } from '../../../../shared/index.ts';
import { warmAudio } from '../../../audio/audio-runtime.ts';
import { anticipate, playFromList, seekBy, seekSample, toggleSample } from '../../player/index.tsx';
import { gridCommand } from '../model/keyboard.ts';
import { gridScrollSpeed } from '../model/scroll-speed.ts';
import { useSelection } from '../model/selection.store.ts';
import type { ListStatus } from '../hooks/use-paged-list.ts';
import { downloadActions } from '../services.ts';
import { ListError } from './ListError.tsx';
import { ROW_COLUMNS, ROW_HEIGHT } from './SampleRow.tsx';
import { SKELETON_ROWS, SkeletonRow } from './SkeletonRow.tsx';
import { SampleRowSlot } from './SampleRowSlot.tsx';

/** Height of the sticky header row (px); rows start below it. */
const HEADER_HEIGHT = 36;

const Grid = styled.div`
  position: relative;
  /* A definite height: the grid is its own scroll container (size containment below). */
  height: calc(100vh - 280px);
  min-height: 320px;
  overflow: auto;
  outline: none;
  contain: strict;
`;

const Header = styled.div`
  ${ROW_COLUMNS}
  position: sticky;
  top: 0;
  z-index: 1;
  height: ${HEADER_HEIGHT}px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

const Message = styled.p`
  padding: ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

/** Props of SampleList. */
export interface SampleListProps {
  /** Total rows on the gateway; null while the first page loads. */
  total: number | null;
  /** Rows by index (undefined where not loaded yet). */
  rows: readonly (Sample | undefined)[];
  error?: unknown;
  /** Where the list stands; by default read from `total` and `error`. */
  status?: ListStatus;
  /** Asks again for what failed; without it a failure shows no retry button. */
  onRetry?: () => void;
  /** Asks for the rows of a visible range. */
  ensureRange(start: number, end: number): void;
  label?: string;
  /** Removes a row from the list shown (warehouse and liked pages). */
  onRemove?: (sample: Sample) => void;
}

/**
 * The virtualized sample grid (role=grid): only visible rows are in the DOM, pages load as they
 * scroll into view. Keyboard auditioning: ↑/↓ move and play, space toggles, ←/→ seek, Enter opens
 * the detail panel.
 */
export function SampleList({
  total,
  rows,
  error,
  status = total !== null ? 'ready' : error ? 'error' : 'loading',
  onRetry,
  ensureRange,
  label,
  onRemove,
}: SampleListProps) {
  const { t } = useTranslation('sounds');
  const scroller = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const [active, setActive] = useState(-1);
  const selected = useSelection((s) => s.selected);
  const selectedIds = new Set(selected.map((s) => s.id));
  const count = total ?? 0;

  // TanStack Virtual keeps mutable state the React Compiler cannot memoize; the brief mandates it
  // for the 100k-row list, and this component does not rely on compiler memoization.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  // Rows mounted during a fling are light (SampleRowSlot). The speed is current here: React's
  // onScroll below was attached when the grid was created, before the virtualizer's own scroll
  // listener (which renders this), so it runs first. The virtualizer renders again when
  // scrolling stops (150 ms), and the speed has gone quiet by then, so the rows turn full.
  const flinging = virtualizer.isScrolling && gridScrollSpeed.flinging();
  const inView = (index: number) =>
    virtualizer.range !== null &&
    index >= virtualizer.range.startIndex &&
    index <= virtualizer.range.endIndex;
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (count > 0) ensureRange(first, last);
  }, [first, last, count, ensureRange]);

  const rowsRef = useRef(rows);
  useLayoutEffect(() => {
    rowsRef.current = rows;
  });

  // A first click finds the workers, the device key and its registration ready.
  useEffect(() => warmAudio(), []);

  const activate = useCallback((index: number) => {
    const sample = rowsRef.current[index];
    if (!sample) return;
    // The play goes out before the active row's re-render is even scheduled.
    playFromList(sample, rowsRef.current);
    setActive(index);
    anticipate([rowsRef.current[index + 1]]);
  }, []);
  // The row the pointer rests on is likely clicked next: fetch it (and the one below) ahead.
  // By sample, not index: the same index of another list (or the row just clicked) is news.
  const hovered = useRef<number | null>(null);
  const onPointerOver = (event: PointerEvent<HTMLDivElement>) => {
    const row = (event.target as Element).closest('[data-sample-id]');
    const index = Number(row?.getAttribute('aria-rowindex') ?? 0) - 2;
    const sample = rows[index];
    if (!sample || sample.id === hovered.current) return;
    hovered.current = sample.id;
    anticipate([sample, rows[index + 1]]);
  };
  const toggleSelect = useCallback((index: number, shift: boolean) => {
    useSelection.getState().toggle(rowsRef.current, index, shift);
  }, []);
  const seek = useCallback((index: number, fraction: number) => {
    const sample = rowsRef.current[index];
    if (!sample) return;
    setActive(index);
    seekSample(sample, fraction, rowsRef.current);
  }, []);
  const download = useCallback((sample: Sample) => void downloadActions().download(sample), []);
  const like = useCallback((sample: Sample) => void downloadActions().toggleLike(sample), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const command = gridCommand(event.key, active, count);
    if (command.type === 'none') return;
    event.preventDefault();
    const current = rows[active];
    switch (command.type) {
      case 'move': {
        const sample = rows[command.to];
        if (sample) playFromList(sample, rows);
        setActive(command.to);
        virtualizer.scrollToIndex(command.to);
        // The next rows in the same direction, so ↓ auditioning starts from the cache.
        const step = command.to >= active ? 1 : -1;
        anticipate([rows[command.to + step], rows[command.to + 2 * step]]);
        break;
      }
      case 'toggle':
        if (current) toggleSample(current, rows);
        break;
      case 'seek':
        seekBy(command.by);
        break;
      case 'detail':
        if (current) useSelection.getState().showDetail({ type: 'sample', sample: current });
        break;
    }
  };

  if (status === 'error')
    return onRetry ? (
      <ListError error={error} onRetry={onRetry} />
    ) : (
      <Message role="alert" data-list-state="error">
        {t('list.error')}
      </Message>
    );
  if (total === 0) return <Message data-list-state="empty">{t('list.empty')}</Message>;

  return (
    <Grid
      ref={scroller}
      role="grid"
      aria-label={label ?? t('list.label')}
      aria-rowcount={count + 1}
      aria-busy={status === 'loading'}
      data-list-state={status}
      aria-activedescendant={active >= 0 && rows[active] ? `${idPrefix}-${active}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerOver={onPointerOver}
      onPointerLeave={() => (hovered.current = null)}
      onScroll={(event) => gridScrollSpeed.note(event.currentTarget.scrollTop)}
    >
      <Header role="row" aria-rowindex={1}>
        <span role="columnheader" />
        <span role="columnheader" />
        <span role="columnheader">{t('list.name')}</span>
        <span role="columnheader">{t('list.waveform')}</span>
        <span role="columnheader">{t('list.type')}</span>
        <span role="columnheader" data-meta>
          {t('list.key')}
        </span>
        <span role="columnheader" data-meta>
          {t('list.bpm')}
        </span>
        <span role="columnheader">{t('list.duration')}</span>
        <span role="columnheader">{t('list.actions')}</span>
      </Header>
      {error !== null && error !== undefined && status === 'ready' && onRetry && (
        <ListError error={error} onRetry={onRetry} />
      )}
      <div
        style={{
          height:
            status === 'loading'
              ? SKELETON_ROWS * ROW_HEIGHT
              : virtualizer.getTotalSize() - HEADER_HEIGHT,
          position: 'relative',
        }}
      >
        {status === 'loading' &&
          Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <SkeletonRow key={i} top={i * ROW_HEIGHT} />
          ))}
        {items.map((item) => {
          const sample = rows[item.index];
          const top = item.start - HEADER_HEIGHT;
          // A row of a page not loaded yet: empty (a flung grid passes thousands of them).
          if (!sample)
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                style={{
                  transform: `translateY(${top}px)`,
                  position: 'absolute',
                  height: ROW_HEIGHT,
                }}
                aria-busy
              />
            );
          return (
            <SampleRowSlot
              key={item.key}
              flinging={flinging}
              inView={inView(item.index)}
              rowId={`${idPrefix}-${item.index}`}
              sample={sample}
              index={item.index}
              selected={selectedIds.has(sample.id)}
              active={item.index === active}
              top={top}
              onActivate={activate}
              onToggleSelect={toggleSelect}
              onSeek={seek}
              onDownload={download}
              onLike={like}
              onRemove={onRemove}
            />
          );
        })}
      </div>
    </Grid>
  );
}
