import { installMusicAudio } from './music-audio.ts';

// The feature's entry connects the music player store to the real <audio> element.
installMusicAudio();

/** The song-details side panel of /songai (the layout renders it beside the page). */
export { SongDetailsPanel } from './components/SongDetailsPanel.tsx';

/** The music player of /songai (the layout renders it under the page). */
export { MusicPlayerBar } from './components/MusicPlayerBar.tsx';
