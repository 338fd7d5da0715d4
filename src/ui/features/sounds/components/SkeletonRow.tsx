import { Skeleton } from '../../../components/index.ts';
import { Row } from './SampleRowLite.tsx';

/** Rows drawn as skeletons while a list's first page loads, so the grid has its shape at once. */
export const SKELETON_ROWS = 8;

/**
 * A grey stand-in for a sample row while the list's first page loads: the grid has its shape at
 * once instead of an empty box. Decorative.
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
