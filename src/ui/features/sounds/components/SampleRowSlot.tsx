import { memo, useEffect, useState } from 'react';
import { rowUpgrades } from '../model/row-upgrades.ts';
import { SampleRow, type SampleRowProps } from './SampleRow.tsx';
import { SampleRowLite } from './SampleRowLite.tsx';

/** Props of SampleRowSlot. */
interface SampleRowSlotProps extends SampleRowProps {
  /** The grid is flung: a row mounted now is light. */
  flinging: boolean;
  /** The row is on screen (not in the overscan): it turns full before the others. */
  inView: boolean;
}

/**
 * A grid row that is light when it mounts during a fling and turns full through the upgrade
 * queue once the fling ends; a full row stays full whatever the speed (it costs nothing more).
 */
export const SampleRowSlot = memo(function SampleRowSlot(props: SampleRowSlotProps) {
  const { flinging, inView, ...row } = props;
  const [full, setFull] = useState(!flinging);
  useEffect(() => {
    if (full || flinging) return;
    return rowUpgrades.add(() => setFull(true), inView);
  }, [full, flinging, inView]);
  if (full) return <SampleRow {...row} />;
  return (
    <SampleRowLite
      sample={row.sample}
      index={row.index}
      top={row.top}
      rowId={row.rowId}
      onActivate={row.onActivate}
      shared={row.shared}
    />
  );
});
