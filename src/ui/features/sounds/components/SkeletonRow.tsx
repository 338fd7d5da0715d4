import styled from 'styled-components';
import { Skeleton } from '../../../components/index.ts';
import { ROW_COLUMNS, ROW_HEIGHT } from './SampleRow.tsx';

/** Rows drawn as skeletons while a list's first page loads, so the grid has its shape at once. */
export const SKELETON_ROWS = 8;

const Row = styled.div`
  ${ROW_COLUMNS}
  position: absolute;
  left: 0;
  right: 0;
  height: ${ROW_HEIGHT}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * A grey stand-in for a sample row while the list's first page loads (and in the app shell before
 * the first page renders): the grid has its shape at once instead of an empty box. Decorative.
 */
export function SkeletonRow({ top }: { top: number }) {
  return (
    <Row aria-hidden data-skeleton style={{ transform: `translateY(${top}px)` }}>
      <span />
      <Skeleton $width="40px" $height="40px" />
      <Skeleton $width="70%" />
      <Skeleton $height="24px" />
      <Skeleton $width="60%" />
      <Skeleton data-meta $width="28px" />
      <Skeleton data-meta $width="28px" />
      <Skeleton $width="32px" />
      <Skeleton $width="72px" />
    </Row>
  );
}
