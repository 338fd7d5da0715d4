import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session.store.ts';

/**
 * The signed-in user's remaining downloads in words ("剩余 16 次下载", "下载不限次数"), or null
 * for visitors and until the profile is loaded. Follows every commit (the session's profile is
 * updated from the gateway's answer).
 */
export function useDownloadBalance(): string | null {
  const { t } = useTranslation('downloads');
  const userInfo = useSessionStore((s) => s.userInfo);
  if (!userInfo) return null;
  return userInfo.downloadQuota === null
    ? t('credits.unlimited')
    : t('credits.left', { count: userInfo.downloadQuota });
}

/**
 * A download button's tooltip: its label, then the balance when it is known. The same function
 * until the balance or language changes (a grid hands it to its memoised rows).
 */
export function useDownloadTooltip(): (label: string) => string {
  const { t } = useTranslation('downloads');
  const balance = useDownloadBalance();
  return useCallback(
    (label: string) => (balance ? t('credits.tooltip', { label, balance }) : label),
    [balance, t],
  );
}

/** Records the balance a commit answered, so the top bar and tooltips follow without a reload. */
export function setDownloadBalance(downloadQuota: number | null): void {
  const { userInfo, setUserInfo } = useSessionStore.getState();
  if (userInfo && userInfo.downloadQuota !== downloadQuota)
    setUserInfo({ ...userInfo, downloadQuota });
}
