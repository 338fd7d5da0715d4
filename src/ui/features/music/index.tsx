/** The song-details side panel of /songai. */
export function SongDetailsPanel(): null {
  return null;
}

/** The music player of /songai. */
export function MusicPlayerBar(): null {
  return null;
}
