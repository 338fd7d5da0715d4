import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRelation } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { Button, Dialog } from '../../../components/index.ts';
import { t as translate } from '../../../i18n/i18n.ts';
import { toast } from '../../../stores/toast.store.ts';
import { useSelection } from '../model/selection.store.ts';

/** The question before a warehouse removal, and how it is answered. */
interface Asking {
  count: number;
  answer(confirmed: boolean): void;
}

/**
 * Removing items from the warehouse or the liked list (issue 30 §1). A warehouse removal is
 * confirmed first and says that nothing paid for is lost (the gateway only hides the item: a
 * later download is free); a like removal is one click. Either toast offers undo, which asks the
 * gateway to restore exactly what went. `reload` shows the list again after each change.
 */
export function useUserRemoval(
  relation: UserRelation,
  range: 'samples' | 'packs',
  reload: () => void,
): { remove(ids: (number | string)[]): Promise<void>; dialog: ReactNode } {
  const { t } = useTranslation(['downloads', 'common']);
  const [asking, setAsking] = useState<Asking | null>(null);

  const remove = useCallback(
    async (ids: (number | string)[]) => {
      if (relation === 'stockroom') {
        const confirmed = await new Promise<boolean>((answer) =>
          setAsking({ count: ids.length, answer }),
        );
        setAsking(null);
        if (!confirmed) return;
      }
      const payload = { relation, range, ids };
      await catalogueApi.removeUserItems(payload);
      useSelection.getState().drop(ids.filter((id): id is number => typeof id === 'number'));
      reload();
      const undo = () =>
        void catalogueApi
          .restoreUserItems(payload)
          .then(() => {
            reload();
            toast.success(translate('downloads:warehouse.restored'));
          })
          // The HTTP client already showed why; the items stay removed.
          .catch(() => {});
      toast.success(
        relation === 'stockroom'
          ? translate('downloads:warehouse.removed', { count: ids.length })
          : translate('common:toast.deleted'),
        { label: translate('downloads:warehouse.undo'), run: undo },
      );
    },
    [relation, range, reload],
  );

  const close = () => asking?.answer(false);
  const dialog = asking && (
    <Dialog
      open
      title={t(range === 'packs' ? 'warehouse.confirmPacks' : 'warehouse.confirmSamples', {
        count: asking.count,
      })}
      closeLabel={t('common:actions.close')}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button variant="danger" onClick={() => asking.answer(true)}>
            {t('warehouse.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('warehouse.keep')}</p>
    </Dialog>
  );
  return { remove, dialog };
}
