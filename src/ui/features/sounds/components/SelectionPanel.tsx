import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Sample } from '../../../../shared/index.ts';
import { Button, IconButton } from '../../../components/index.ts';
import {
  canBulkDownload,
  canBulkLike,
  useBulkProgress,
  useDownloadTooltip,
  useItemFlags,
} from '../../downloads/index.ts';
import { useRemoval } from '../model/removal.store.ts';
import { stackPreview, useSelection } from '../model/selection.store.ts';
import { downloadActions } from '../services.ts';

/**
 * Sticks to the window's foot just above the player bar, so the bulk buttons are where the rows
 * were ticked: in the flow after the list it sat thousands of pixels down, and pressing a button
 * there scrolled the page to the end of the list (issue 30 §5).
 */
const Panel = styled.section`
  position: sticky;
  z-index: ${({ theme }) => theme.z.topBar};
  margin: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.popup};
`;

const Stack = styled.ol`
  position: relative;
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  & li {
    width: 36px;
    height: 36px;
    margin-left: -14px;
    border: 2px solid ${({ theme }) => theme.colors.surface};
    border-radius: ${({ theme }) => theme.radius.small};
    overflow: hidden;
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  & li:first-child {
    margin-left: 0;
  }
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Count = styled.strong`
  margin-right: auto;
`;

/** The bulk actions on the selected rows, in order. */
const BULK_ACTIONS = [
  {
    key: 'download',
    icon: 'download',
    can: canBulkDownload,
    run: (rows: Sample[]) => downloadActions().downloadMany(rows),
  },
  {
    key: 'like',
    icon: 'heart',
    can: canBulkLike,
    run: (rows: Sample[]) => downloadActions().likeMany(rows),
  },
] as const;

/** The height of the element after `ref` (the sticky player bar), followed as it changes. */
function useHeightBelow(ref: RefObject<HTMLElement | null>, shown: boolean): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const below = ref.current?.nextElementSibling;
    if (!shown || !below) return;
    const measure = () => setHeight(below.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(below);
    return () => observer.disconnect();
  }, [ref, shown]);
  return height;
}

/** The selected-rows panel (docs/PRODUCT.md §2): stack preview of the last 3, bulk actions, close clears. */
export function SelectionPanel() {
  const { t } = useTranslation('sounds');
  const selected = useSelection((s) => s.selected);
  // Re-render when a row's flags change so the enabling rules stay true.
  useItemFlags((s) => s.flags);
  const progress = useBulkProgress((s) => s.progress);
  const removal = useRemoval((s) => s.removal);
  const [removing, setRemoving] = useState(false);
  const tooltip = useDownloadTooltip();
  const panel = useRef<HTMLElement>(null);
  const below = useHeightBelow(panel, selected.length > 0);
  if (selected.length === 0) return null;
  const preview = stackPreview(selected);
  const busy = progress !== null;
  return (
    <Panel ref={panel} aria-label={t('selection.label')} style={{ bottom: below }}>
      <Stack aria-label={preview.map((s) => s.audioName).join(', ')}>
        {preview.map((sample) => (
          <li key={sample.id} title={sample.audioName} data-sample-id={sample.id}>
            <img src={sample.icon} alt="" />
          </li>
        ))}
      </Stack>
      <Count>{t('selection.count', { count: selected.length })}</Count>
      {busy && (
        <span role="status">
          {t('selection.progress', { done: progress.done, total: progress.total })}
        </span>
      )}
      {BULK_ACTIONS.map(({ key, icon, can, run }) => (
        <Button
          key={key}
          icon={icon}
          size="small"
          disabled={busy || !can(selected)}
          title={tooltip(t(`selection.${key}`))}
          onClick={() => void run(selected)}
        >
          {t(`selection.${key}`)}
        </Button>
      ))}
      {removal && (
        <Button
          size="small"
          variant="danger"
          loading={removing}
          onClick={async () => {
            setRemoving(true);
            try {
              await removal.run(selected.map((s) => s.id));
            } finally {
              setRemoving(false);
            }
          }}
        >
          {t('selection.remove')}
        </Button>
      )}
      <IconButton
        icon="close"
        label={t('selection.clear')}
        onClick={() => useSelection.getState().clear()}
      />
    </Panel>
  );
}
