import type { MusicTrack } from '../../../shared/index.ts';

/** The title to show in a language: the Chinese one in zh when the song has it. */
export function songTitle(song: Pick<MusicTrack, 'title' | 'titleZh'>, language: string): string {
  return language.startsWith('zh') && song.titleZh ? song.titleZh : song.title;
}
