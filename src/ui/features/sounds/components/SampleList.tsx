import { observeWindowOffset, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Sample } from '../../../../shared/index.ts';
import { warmAudio, anticipate, playFromList, seekSample } from '../../../player/index.ts';
import { gridScrollSpeed } from '../model/scroll-speed.ts';
import { useSelection } from '../model/selection.store.ts';
import type { ListStatus } from '../hooks/use-paged-list.ts';
import { useGridKeys } from '../hooks/use-grid-keys.ts';
import { useHoverAnticipation } from '../hooks/use-hover-anticipation.ts';
import { useRowShared } from '../hooks/use-row-shared.ts';
import { downloadActions } from '../services.ts';
import { ListError } from './ListError.tsx';
import { ROW_COLUMNS, ROW_HEIGHT } from './SampleRow.tsx';
import { SKELETON_ROWS, SkeletonRow } from './SkeletonRow.tsx';
import { SampleRowSlot } from './SampleRowSlot.tsx';

/** Height of the sticky header row (px); rows start below it. */
const HEADER_HEIGHT = 36;

/** Room kept below a row scrolled to by the keyboard: the player bar covers the window's foot. */
const PLAYER_ROOM = 72;

const Grid = styled.div`
  position: relative;
  /* The page scrolls as one (docs/UI.md "One scroll"): the grid grows with its rows. */
  outline: none;
`;

const Header = styled.div`
  ${ROW_COLUMNS}
  position: sticky;
  /* Under the sticky top bar (MainLayout sets the variable). */
  top: var(--yinku-sticky-top, 0px);
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

/** Height of the sticky top bar above the grid's header (px), from MainLayout's CSS variable. */
function stickyTop(element: HTMLElement | null): number {
  if (!element) return 0;
  const value = getComputedStyle(element).getPropertyValue('--yinku-sticky-top');
  return Number.parseFloat(value) || 0;
}

/** Props of SampleList. */
interface SampleListProps {
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
  /** What an empty list shows instead of the plain message: what to do next. */
  empty?: ReactNode;
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
  empty,
}: SampleListProps) {
  const { t } = useTranslation('sounds');
  const scroller = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  const idPrefix = useId();
  const [active, setActive] = useState(-1);
  const selected = useSelection((s) => s.selected);
  const shared = useRowShared();
  const selectedIds = new Set(selected.map((s) => s.id));
  const count = total ?? 0;

  // TanStack Virtual keeps mutable state the React Compiler cannot memoize; the brief mandates it
  // for the 100k-row list, and this component does not rely on compiler memoization.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    scrollMargin: margin,
    scrollPaddingStart: HEADER_HEIGHT + stickyTop(scroller.current),
    scrollPaddingEnd: PLAYER_ROOM,
    // The speed is noted before the virtualizer renders for this scroll event (see below).
    observeElementOffset: (instance, cb) =>
      observeWindowOffset(instance, (offset, scrolling) => {
        gridScrollSpeed.note(offset);
        cb(offset, scrolling);
      }),
  });
  // Where the grid starts in the page: the rows' offsets are counted from there.
  useLayoutEffect(() => {
    const grid = scroller.current;
    if (!grid) return;
    const measure = () => setMargin(grid.getBoundingClientRect().top + window.scrollY);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [total]);
  const items = virtualizer.getVirtualItems();
  // Rows mounted during a fling are light (SampleRowSlot). The speed is current here: the
  // window's scroll offset is noted in observeElementOffset above, before the virtualizer
  // renders this. The virtualizer renders again when
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
  const hover = useHoverAnticipation(rowsRef);
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

  const onKeyDown = useGridKeys({
    rows,
    count,
    active,
    setActive,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index),
    onKeyboardMove: hover.onKeyboardMove,
    grid: scroller,
  });

  if (status === 'error')
    return onRetry ? (
      <ListError error={error} onRetry={onRetry} />
    ) : (
      <Message role="alert" data-list-state="error">
        {t('list.error')}
      </Message>
    );
  if (total === 0) return empty ?? <Message data-list-state="empty">{t('list.empty')}</Message>;

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
      onPointerMove={hover.onPointerMove}
      onPointerOver={hover.onPointerOver}
      onPointerLeave={hover.onPointerLeave}
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
          const top = item.start - margin - HEADER_HEIGHT;
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
              shared={shared}
            />
          );
        })}
      </div>
    </Grid>
  );
}
