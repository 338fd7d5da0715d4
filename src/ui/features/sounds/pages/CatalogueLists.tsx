import { useTranslation } from 'react-i18next';
import type { AudioListQuery } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { PackGrid } from '../components/PackGrid.tsx';
import { SampleListView } from '../components/SampleListView.tsx';

/** The catalogue's samples under `base` (a category, a pack, a node), with their total. */
export function CatalogueSamples({ base }: { base: AudioListQuery }) {
  const { t } = useTranslation('sounds');
  return (
    <SampleListView
      base={base}
      load={catalogueApi.samples}
      totalLabel={(count) => t('list.total', { count })}
    />
  );
}

/** The six most popular packs under a heading (browse home, an empty warehouse or liked list). */
export function PopularPacks({ title }: { title: string }) {
  return (
    <>
      <h2>{title}</h2>
      <PackGrid
        base={{ sort: 'MOST_POPULAR', pageSize: 6 }}
        load={catalogueApi.packs}
        firstPageOnly
        label={title}
      />
    </>
  );
}
