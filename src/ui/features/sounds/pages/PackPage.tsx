import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import styled from 'styled-components';
import type { Pack } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { usePlaceName } from '../../../stores/navigation.store.ts';
import { DownloadPackButton } from '../components/DownloadPackButton.tsx';
import { PackLikeButton } from '../components/PackLikeButton.tsx';
import { Page } from './page-layout.ts';
import { CatalogueSamples } from './CatalogueLists.tsx';

const Header = styled.header`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  align-items: flex-start;
  & img {
    width: 120px;
    height: 120px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.medium};
  }
  & p {
    margin: ${({ theme }) => theme.space(1)} 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * /sounds/packs/track/{packCode}/samples: the pack's cover, brand, description, whole-pack
 * download, its ♥ (issue 30 §10), and samples.
 */
export function PackPage() {
  const { t } = useTranslation('sounds');
  const packCode = useParams().packCode ?? '';
  // Keyed by pack code so another pack's answer is never shown for this one.
  const [answer, setAnswer] = useState<{ code: string; pack: Pack | null } | null>(null);
  const pack = answer?.code === packCode ? answer.pack : undefined;
  useEffect(() => {
    const controller = new AbortController();
    catalogueApi
      .pack(packCode, controller.signal)
      .then((found) => setAnswer({ code: packCode, pack: found }))
      .catch(() => !controller.signal.aborted && setAnswer({ code: packCode, pack: null }));
    return () => controller.abort();
  }, [packCode]);
  usePlaceName(useLocation().pathname, pack === null ? null : pack?.names);
  if (pack === null) return <Page role="alert">{t('pack.notFound')}</Page>;
  return (
    <Page>
      {pack && (
        <Header>
          <img src={pack.cover} alt="" />
          <div>
            <h1>{pack.name}</h1>
            <p>
              {pack.brand} · {t('detail.samples', { count: pack.sampleCount })}
            </p>
            <p>{pack.description}</p>
            <Actions>
              <DownloadPackButton packCode={pack.packCode} packName={pack.name} />
              <PackLikeButton pack={pack} />
            </Actions>
          </div>
        </Header>
      )}
      <CatalogueSamples key={packCode} base={{ packCode }} />
    </Page>
  );
}
