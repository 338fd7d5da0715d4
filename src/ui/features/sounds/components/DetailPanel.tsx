import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import type { Pack, Sample } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { Button, IconButton, sidePanel, TagList } from '../../../components/index.ts';
import { useDownloadTooltip, useSampleFlags } from '../../downloads/index.ts';
import { playFromList, seekSample, usePlayerStore } from '../../../player/index.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { usePeaks } from '../hooks/use-peaks.ts';
import { tagLabel, typeName, useLoadedCatalogueLabels } from '../model/catalogue-labels.store.ts';
import { useSelection } from '../model/selection.store.ts';
import { downloadActions } from '../services.ts';
import { DownloadPackButton } from './DownloadPackButton.tsx';
import { PackLikeButton } from './PackLikeButton.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import { similarPath } from '../model/similar-path.ts';
import { SimilarSamples } from './SimilarSamples.tsx';
import { DetectedMark } from './DetectedMark.tsx';
import { isDetected } from './format.ts';
import { Waveform } from './Waveform.tsx';

/** Width of the detail panel beside the list (px). */
const PANEL_WIDTH = 360;

/**
 * A fixed 360 px column stuck under the top bar (the list keeps the rest of the width); under
 * 1100 px it floats over the list's right side, on phones it is a full-screen sheet (docs/UI.md
 * "Layout by width").
 */
const Aside = styled.aside`
  flex: none;
  box-sizing: border-box;
  width: ${PANEL_WIDTH}px;
  position: sticky;
  top: var(--yinku-sticky-top, 0px);
  height: calc(100vh - var(--yinku-sticky-top, 0px) - 64px);
  ${sidePanel}
  /* Too narrow to share: it floats over the list's right side instead of squeezing it. */
  @media (max-width: 1099px) {
    position: fixed;
    right: 0;
    bottom: 64px;
    z-index: ${({ theme }) => theme.z.drawer};
    height: auto;
    box-shadow: ${({ theme }) => theme.shadow.popup};
  }
  @media (max-width: 599px) {
    position: fixed;
    inset: 0;
    z-index: ${({ theme }) => theme.z.drawer};
    width: auto;
    height: auto;
    border-left: none;
  }
  & h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.large};
    overflow-wrap: anywhere;
  }
  & dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    margin: 0;
  }
  & dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  & img.cover {
    width: 100%;
    max-width: 240px;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.medium};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Tags = styled(TagList)`
  & li {
    padding: 2px 8px;
    border-radius: 10px;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

const WaveBox = styled.div`
  height: 48px;
`;

function SampleDetail({ sample }: { sample: Sample }) {
  const { t } = useTranslation('sounds');
  const tooltip = useDownloadTooltip();
  const flags = useSampleFlags(sample);
  const peaks = usePeaks(sample.id);
  const progress = usePlayerStore((s) => (s.id === sample.id ? s.progress : null));
  const labels = useLoadedCatalogueLabels();
  const language = useLanguage();
  const [similar, setSimilar] = useState<Sample[]>([]);
  const navigate = useNavigate();
  useEffect(() => {
    const controller = new AbortController();
    catalogueApi
      .samples(
        {
          primaryName: sample.audioType,
          secondaryName: sample.audioGroup,
          category: sample.category,
          pageSize: 8,
        },
        controller.signal,
      )
      .then((page) => setSimilar(page.records.filter((s) => s.id !== sample.id).slice(0, 6)))
      .catch(() => setSimilar([]));
    return () => controller.abort();
  }, [sample.id, sample.audioType, sample.audioGroup, sample.category]);
  const name = sample.audioName;
  return (
    <>
      <h2>{name}</h2>
      <WaveBox>
        <Waveform
          peaks={peaks}
          progress={progress}
          label={t('row.seek', { name })}
          onSeek={(f) => seekSample(sample, f, [sample])}
        />
      </WaveBox>
      <div>
        <IconButton
          icon="play"
          label={t('row.play', { name })}
          onClick={() => playFromList(sample, [sample, ...similar])}
        />
        <IconButton
          icon={flags.likes ? 'heart' : 'heartOutline'}
          label={t(flags.likes ? 'row.unlike' : 'row.like', { name })}
          aria-pressed={flags.likes}
          active={flags.likes}
          onClick={() => void downloadActions().toggleLike(sample)}
        />
        <IconButton
          icon={flags.download ? 'check' : 'download'}
          label={t(flags.download ? 'row.downloaded' : 'row.download', { name })}
          title={tooltip(t(flags.download ? 'row.downloaded' : 'row.download', { name }))}
          active={flags.download}
          disabled={flags.downloading}
          onClick={() => void downloadActions().download(sample)}
        />
      </div>
      <Button
        variant="secondary"
        icon="similar"
        onClick={() => {
          // On a phone the panel is a full-screen sheet: it makes way for the list it opens.
          if (window.matchMedia?.('(max-width: 599px)').matches)
            useSelection.getState().showDetail(null);
          navigate(similarPath(sample.id), { state: { name } });
        }}
      >
        {t('detail.findSimilar')}
      </Button>
      <dl>
        <dt>{t('detail.pack')}</dt>
        <dd>
          <Link to={`/sounds/packs/track/${encodeURIComponent(sample.packCode)}/samples`}>
            {sample.packName}
          </Link>
        </dd>
        <dt>{t('detail.brand')}</dt>
        <dd>{sample.audioBrand}</dd>
        <dt>{t('detail.type')}</dt>
        <dd>{typeName(labels, language, sample.category, sample.audioType)}</dd>
        <dt>{t('detail.group')}</dt>
        <dd>{typeName(labels, language, sample.category, sample.audioType, sample.audioGroup)}</dd>
        <dt>{t('detail.key')}</dt>
        <dd>
          {sample.audioKey ?? '—'}
          {isDetected(sample, 'key') && <DetectedMark label={t('row.detected')} />}
        </dd>
        <dt>{t('detail.bpm')}</dt>
        <dd>
          {sample.audioBpm ?? '—'}
          {isDetected(sample, 'bpm') && <DetectedMark label={t('row.detected')} />}
        </dd>
        <dt>{t('detail.duration')}</dt>
        <dd>{formatDuration(sample.duration)}</dd>
        <dt>{t('detail.format')}</dt>
        <dd>
          {sample.audioData.format.toUpperCase()} · {sample.audioData.sampleRate / 1000} kHz
          {sample.audioData.bitDepth ? ` · ${sample.audioData.bitDepth} bit` : ''}
        </dd>
        <dt>{t('detail.kind')}</dt>
        <dd>{t(`filters.kinds.${sample.audioData.kind}`)}</dd>
      </dl>
      {sample.audioData.tags.length > 0 && (
        <Tags aria-label={t('detail.tags')}>
          {sample.audioData.tags.map((tag) => (
            <li key={tag}>{tagLabel(labels, tag, language)}</li>
          ))}
        </Tags>
      )}
      {similar.length > 0 && (
        <section aria-label={t('detail.sameGroup')}>
          <h3>{t('detail.sameGroup')}</h3>
          <SimilarSamples samples={similar} />
        </section>
      )}
    </>
  );
}

function PackDetail({ pack }: { pack: Pack }) {
  const { t } = useTranslation('sounds');
  const labels = useLoadedCatalogueLabels();
  const language = useLanguage();
  return (
    <>
      <img className="cover" src={pack.cover} alt="" />
      <h2>{pack.name}</h2>
      <dl>
        <dt>{t('detail.brand')}</dt>
        <dd>{pack.brand}</dd>
        <dt>{t('detail.type')}</dt>
        <dd>{typeName(labels, language, pack.category, pack.primaryName)}</dd>
      </dl>
      <p>{pack.description}</p>
      <p>{t('detail.samples', { count: pack.sampleCount })}</p>
      {pack.tags.length > 0 && (
        <Tags aria-label={t('detail.tags')}>
          {pack.tags.map((tag) => (
            <li key={tag}>{tagLabel(labels, tag, language)}</li>
          ))}
        </Tags>
      )}
      <Link to={`/sounds/packs/track/${encodeURIComponent(pack.packCode)}/samples`}>
        {t('detail.openPack')}
      </Link>
      <DownloadPackButton packCode={pack.packCode} packName={pack.name} />
      <PackLikeButton pack={pack} />
    </>
  );
}

/** The right detail panel: the selected sample or pack in full; hidden when nothing is shown. */
export function DetailPanel() {
  const { t } = useTranslation('sounds');
  const detail = useSelection((s) => s.detail);
  const open = detail !== null;
  // Esc closes the panel from anywhere, unless a dialog or menu above it takes the key first.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      useSelection.getState().showDetail(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  if (!detail) return null;
  return (
    <Aside aria-label={t('detail.label')}>
      <Head>
        <span />
        <IconButton
          icon="close"
          label={t('detail.close')}
          onClick={() => useSelection.getState().showDetail(null)}
        />
      </Head>
      {detail.type === 'sample' ? (
        <SampleDetail sample={detail.sample} />
      ) : (
        <PackDetail pack={detail.pack} />
      )}
    </Aside>
  );
}
