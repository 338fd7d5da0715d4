import {
  configureMusicPlayer,
  useMusicPlayerStore,
  type MusicOutput,
} from '../../stores/music-player.store.ts';
import { musicApi } from '../../api/music.api.ts';
import { getAudioEngine } from '../../player/index.ts';

/** The one `<audio>` element and audio graph of the music player. */
interface MusicAudio {
  element: HTMLAudioElement;
  context: AudioContext;
  /** element → source → volume → the engine's analyser → speakers; the spectrum taps `volume`. */
  source: MediaElementAudioSourceNode;
  volume: GainNode;
}

/**
 * The sample engine's context and output analyser, so music and samples share one clock and one
 * analyser; a context of our own when the engine cannot be made (e.g. no AudioWorklet support).
 */
function sharedOutput(): { context: AudioContext; output: AudioNode } {
  try {
    const engine = getAudioEngine();
    if (engine.context instanceof AudioContext)
      return { context: engine.context, output: engine.analyser };
  } catch (error) {
    console.warn('[music] sample engine unavailable, using an own AudioContext', error);
  }
  const context = new AudioContext();
  return { context, output: context.destination };
}

let audio: MusicAudio | null = null;
// The stream token in a song's URL lasts 15–20 minutes: on an error, fetch the song once more
// for a fresh URL and continue from the same place before reporting a failure.
let retriedSongId: number | null = null;

/**
 * The music player's element and graph, created on first use. The element streams (it starts
 * before the file has arrived, using Range requests to seek); a MediaElementAudioSourceNode
 * routes it through Web Audio so the spectrum visual and the engine's analyser can read it.
 */
export function musicAudio(): MusicAudio {
  if (audio) return audio;
  const element = new Audio();
  element.preload = 'metadata';
  const { context, output } = sharedOutput();
  const source = context.createMediaElementSource(element);
  // Music volume is a gain in the graph (not element.volume) so the level is exact in every browser.
  const volume = new GainNode(context, { gain: useMusicPlayerStore.getState().volume });
  source.connect(volume).connect(output);
  const store = useMusicPlayerStore.getState;
  const publishTime = () => store().timeUpdate(element.currentTime, element.duration);
  element.addEventListener('timeupdate', publishTime);
  element.addEventListener('durationchange', publishTime);
  element.addEventListener('ended', () => void store().ended());
  element.addEventListener('playing', () => {
    retriedSongId = null;
  });
  element.addEventListener('error', () => void recover(element));
  audio = { element, context, source, volume };
  return audio;
}

async function recover(element: HTMLAudioElement): Promise<void> {
  const { song, progress, failed, playSong } = useMusicPlayerStore.getState();
  if (!song || !element.getAttribute('src')) return;
  if (retriedSongId !== song.id) {
    retriedSongId = song.id;
    try {
      const fresh = await musicApi.song(song.id, { silent: true });
      await playSong(fresh, progress);
      return;
    } catch {
      // Fall through: report the element's own error.
    }
  }
  failed(element.error?.message || `media error ${element.error?.code ?? ''}`.trim());
}

/** Drives the `<audio>` element for the music player store. */
const elementOutput: MusicOutput = {
  async play(url, fromSeconds) {
    const { element, context } = musicAudio();
    if (element.getAttribute('src') !== url) {
      element.src = url;
    }
    if (Math.abs(element.currentTime - fromSeconds) > 0.25) element.currentTime = fromSeconds;
    // Autoplay rules: the play click is the gesture that lets the context run.
    if (context.state !== 'running') await context.resume();
    await element.play();
  },
  pause() {
    audio?.element.pause();
  },
  seek(seconds) {
    if (audio && Number.isFinite(seconds)) audio.element.currentTime = seconds;
  },
  setVolume(volume) {
    audio?.volume.gain.setTargetAtTime(volume, audio.context.currentTime, 0.01);
  },
};

/** Connects the music player store to the `<audio>` element (called once by the feature). */
export function installMusicAudio(): void {
  configureMusicPlayer(elementOutput);
}
