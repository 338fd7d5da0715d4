import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { PackGrid } from '../components/PackGrid.tsx';
import { Page } from './page-layout.ts';

/** /sounds/packs: every pack, most popular first (where a pack page's "音色包" crumb leads). */
export function PacksPage() {
  const { t } = useTranslation('sounds');
  return (
    <Page>
      <h1>{t('pack.title')}</h1>
      <PackGrid base={{ sort: 'MOST_POPULAR' }} load={catalogueApi.packs} label={t('pack.title')} />
    </Page>
  );
}
