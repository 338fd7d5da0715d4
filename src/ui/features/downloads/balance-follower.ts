/**
 * Follows the balance that download commits answer. Commits of one bulk run are in flight at
 * once and their answers may arrive in any order, so while several run, only a lower balance is
 * shown (the one answered last may be an earlier commit's, stale by then). The first answer after
 * a quiet spell is shown as it is: the balance may have risen meanwhile (a plan bought elsewhere).
 */
export function balanceFollower(apply: (downloadQuota: number | null) => void) {
  let inFlight = 0;
  // The lowest balance answered since downloads started running (undefined: none yet).
  let lowest: number | null | undefined;
  return {
    /** A commit is about to be sent. */
    started(): void {
      inFlight++;
    },
    /** A commit answered this balance (null: unlimited). */
    answered(downloadQuota: number | null): void {
      if (
        downloadQuota === null ||
        lowest === undefined ||
        lowest === null ||
        downloadQuota < lowest
      ) {
        lowest = downloadQuota;
        apply(downloadQuota);
      }
    },
    /** A commit ended, answered or not. */
    ended(): void {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight === 0) lowest = undefined;
    },
  };
}
