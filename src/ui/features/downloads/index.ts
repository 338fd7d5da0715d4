/**
 * What other features use of downloads: the flow and its targets, the bulk actions, the per-row
 * flags, and the desktop shell's settings and folder controls.
 */
export { DownloadFolderButton } from './DownloadFolderButton.tsx';
export { DesktopDownloadRoot } from './DesktopDownloadRoot.tsx';
export { getDesktopBridge } from './desktop-bridge.ts';
export { createDawDrag, type DawDrag } from './daw-drag.ts';
export { setDesktopStartup, useDesktopSettingsSync } from './desktop-settings.ts';
export { packKey, sampleKey, useItemFlags, useSampleFlags } from './item-flags.store.ts';
export {
  canBulkDownload,
  canBulkLike,
  createDownloadActions,
  useBulkProgress,
  type BulkSummary,
  type DownloadActions,
  type PendingDownload,
  type SignInRequest,
} from './download-actions.ts';
export { parsePendingDownload } from './pending-download.ts';
export { DownloadProgress } from './DownloadProgress.tsx';
export { DownloadError } from './download-flow.ts';
export { getDownloadTarget } from './download-targets.ts';
export { askCredits } from './credit-prompt.store.ts';
export { CreditDialog } from './CreditDialog.tsx';
export { DownloadBalance } from './DownloadBalance.tsx';
export {
  setDownloadBalance,
  useDownloadBalance,
  useDownloadTooltip,
} from './use-download-balance.ts';
