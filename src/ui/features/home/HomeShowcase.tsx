import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { Pack, Sample } from '../../../shared/index.ts';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { CardGrid, coverThumb, ellipsis, Icon } from '../../components/index.ts';
import { isActiveRow, usePlayerStore, toggleSample } from '../../player/index.ts';
import { formatDuration } from '../../lib/format-duration.ts';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(10)};
  & h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.font.large};
  }
  & h2 a {
    margin-left: ${({ theme }) => theme.space(3)};
    color: ${({ theme }) => theme.colors.primary};
    font-size: ${({ theme }) => theme.font.small};
    font-weight: 400;
  }
`;

/** A titled section of the showcase with a link to all of its kind. */
function ShowcaseSection({
  title,
  all,
  children,
}: {
  title: string;
  all: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('home');
  return (
    <Section aria-label={title}>
      <h2>
        {title}
        <Link to={all}>{t('viewAll')}</Link>
      </h2>
      {children}
    </Section>
  );
}

const Packs = styled(CardGrid).attrs({ $min: 150 })`
  & a {
    display: block;
    color: inherit;
    text-decoration: none;
  }
  & img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    border-radius: ${({ theme }) => theme.radius.medium};
    object-fit: cover;
  }
  & strong {
    display: block;
    margin-top: ${({ theme }) => theme.space(2)};
    ${ellipsis}
  }
  & span {
    color: #a3a6ad;
    font-size: ${({ theme }) => theme.font.small};
  }
`;

/** New sounds shown: whole rows at every width (4, 2 or 1 columns), one per pack. */
const NEW_SOUNDS = 8;

const Sounds = styled.ul`
  display: grid;
  /* Fixed columns, so NEW_SOUNDS fills whole rows (auto-fill made 3 or 5 columns: a ragged end). */
  grid-template-columns: 1fr;
  @media (min-width: 600px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 1100px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  & button {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    width: 100%;
    padding: ${({ theme }) => theme.space(2)};
    border: 1px solid rgba(255, 255, 255, 0.1);
    border-radius: ${({ theme }) => theme.radius.medium};
    background: rgba(255, 255, 255, 0.04);
    color: inherit;
    text-align: left;
    cursor: pointer;
  }
  & button:hover,
  & button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  & img {
    ${coverThumb(40)}
  }
  & span {
    flex: 1;
    min-width: 0;
  }
  & strong,
  & small {
    display: block;
    ${ellipsis}
  }
  & small {
    color: #a3a6ad;
  }
`;

/** Loads one list for the home page; null until it answers, empty when it fails. */
function useHomeList<T>(load: (signal: AbortSignal) => Promise<{ records: T[] }>): T[] | null {
  const [rows, setRows] = useState<T[] | null>(null);
  // Names come in the request's language: a language switch loads them again.
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then((page) => setRows(page.records))
      .catch(() => setRows([]));
    return () => controller.abort();
    // The loader is a fresh closure on each render; the list is loaded once per language.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);
  return rows;
}

/**
 * The newest sound of each of the newest packs: a pack's samples arrive together, so the newest
 * samples alone were one pack's. Cut to whole rows of four (a pack without samples is skipped).
 */
async function newestPerPack(signal: AbortSignal): Promise<{ records: Sample[] }> {
  const packs = await catalogueApi.packs({ sort: 'NEWEST', pageSize: NEW_SOUNDS }, signal);
  const firsts = await Promise.all(
    packs.records.map((pack) =>
      catalogueApi
        .samples({ packCode: pack.packCode, sort: 'NEWEST', pageSize: 1 }, signal, true)
        .then((page) => page.records[0])
        .catch(() => undefined),
    ),
  );
  const records = firsts.filter((sample): sample is Sample => sample !== undefined);
  return {
    records: records.length < 4 ? records : records.slice(0, records.length - (records.length % 4)),
  };
}

/** A new sound: a click plays it in place (again pauses), its neighbours as the play list. */
function SoundItem({ sample, list }: { sample: Sample; list: readonly Sample[] }) {
  const { t } = useTranslation('home');
  const playing = usePlayerStore(isActiveRow(sample.id));
  return (
    <li>
      <button
        type="button"
        aria-pressed={playing}
        aria-label={t(playing ? 'pause' : 'play', { name: sample.audioName })}
        onClick={() => toggleSample(sample, list)}
      >
        <Icon name={playing ? 'pause' : 'play'} size={20} />
        <img src={sample.icon} alt="" loading="lazy" />
        <span>
          <strong>{sample.audioName}</strong>
          <small>
            {sample.packName} · {formatDuration(sample.duration)}
          </small>
        </span>
      </button>
    </li>
  );
}

/** The home page's playable content: trending packs and new sounds (issue 17 §8). */
export function HomeShowcase() {
  const { t } = useTranslation('home');
  const packs = useHomeList<Pack>((signal) =>
    catalogueApi.packs({ sort: 'MOST_POPULAR', pageSize: 6 }, signal),
  );
  const sounds = useHomeList<Sample>(newestPerPack);
  return (
    <>
      <ShowcaseSection title={t('trending')} all="/sounds">
        <Packs>
          {packs?.map((pack) => (
            <li key={pack.packCode}>
              <Link to={`/sounds/packs/track/${encodeURIComponent(pack.packCode)}/samples`}>
                <img src={pack.cover} alt="" loading="lazy" />
                <strong>{pack.name}</strong>
                <span>{pack.brand}</span>
              </Link>
            </li>
          ))}
        </Packs>
      </ShowcaseSection>
      <ShowcaseSection title={t('newSounds')} all="/sounds?sort=NEWEST">
        <Sounds>
          {sounds?.map((sample) => (
            <SoundItem key={sample.id} sample={sample} list={sounds} />
          ))}
        </Sounds>
      </ShowcaseSection>
    </>
  );
}
