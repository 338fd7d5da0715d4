import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MusicTrack } from '../../../shared/index.ts';
import { zh } from './locales/zh.ts';

/** The title to show in a language: the Chinese one in zh when the song has it. */
export function songTitle(song: Pick<MusicTrack, 'title' | 'titleZh'>, language: string): string {
  return language.startsWith('zh') && song.titleZh ? song.titleZh : song.title;
}

/**
 * How song tags are shown: in the UI's language (songs store English tags: `lo-fi`, `EDM`);
 * a tag the locales do not name shows as stored. Filters keep using the stored tag.
 */
export function useSongTagName(): (tag: string) => string {
  const { t } = useTranslation('music');
  return useCallback(
    (tag: string) => {
      const key = tag.toLowerCase();
      return Object.hasOwn(zh.songTags, key)
        ? t(`songTags.${key as keyof typeof zh.songTags}`)
        : tag;
    },
    [t],
  );
}
