import type { Sample } from '../../../shared/index.ts';
import { getAnticipation, getAudioEngine } from '../engine/audio-runtime.ts';
import { page } from '../../api/page.ts';
import { t } from '../../i18n/i18n.ts';
import { isSignedIn } from '../../stores/session.store.ts';
import { toast } from '../../stores/toast.store.ts';
import { usePlayerStore, type PlayOptions } from './player.store.ts';
import { useAuditionMode } from './audition-mode.store.ts';

/** Rows of a list by index, undefined where a page has not loaded. */
type RowList = readonly (Sample | undefined)[];

/** Playback failures the store did not turn into `lastError` (e.g. no Web Audio): log them. */
function logFailure(error: unknown): void {
  console.error('[player] playback failed', error);
}

/**
 * Whether a row's play is its preview: it has one, and the audition toggle is on or the visitor
 * is signed out (full files are for signed-in users; the preview is public).
 */
function auditionFor(sample: Sample): boolean {
  return Boolean(sample.auditionCode) && (useAuditionMode.getState().on || !isSignedIn());
}

/**
 * A signed-out visitor asked for a row with no public preview: say so and offer the login page
 * (docs/AUDIO.md, "Who can play what") rather than fail silently.
 */
function askToSignIn(): void {
  toast.error(t('player:signInToPlay'));
  page.navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
}

/**
 * Starts a sample of a list: the list becomes the play list (next/previous walk it), and the
 * audition toggle picks the preview when the sample has one.
 */
function startFromList(sample: Sample, list: RowList, options: PlayOptions): void {
  if (!sample.auditionCode && !isSignedIn()) return askToSignIn();
  const player = usePlayerStore.getState();
  // The play goes out first; the play list (which re-renders its subscribers) after it.
  player.playSong(sample, { ...options, audition: auditionFor(sample) }).catch(logFailure);
  player.setPlayList(list.filter((row): row is Sample => row !== undefined));
}

// An MP3 audition's bytes per second at most: a stereo preview's 192 kbit/s (docs/LIBRARY.md).
const AUDITION_BYTES_PER_S = 24_000;

/**
 * Rows likely played next, likeliest first (the one under the pointer, the next after a ↓):
 * they are fetched and decoded ahead, within a byte budget (docs/AUDIO.md, "Anticipation").
 */
export function anticipate(samples: readonly (Sample | undefined)[]): void {
  getAnticipation()?.want(
    samples
      .filter((s): s is Sample => s !== undefined && (isSignedIn() || Boolean(s.auditionCode)))
      .map((sample) => {
        const audition = auditionFor(sample);
        const bytes = audition
          ? sample.duration * AUDITION_BYTES_PER_S
          : (sample.audioData?.sizeBytes ?? 0);
        return { song: sample, audition, bytes };
      }),
  );
}

const isCurrent = (sample: Sample) => {
  const { id, song } = usePlayerStore.getState();
  return id === sample.id && song !== null;
};

/** A row click or ↑/↓: plays the sample from the start, its list as the play list. */
export function playFromList(sample: Sample, list: RowList): void {
  startFromList(sample, list, { actionType: 'row' });
}

/**
 * A row's own audition button: plays (or pauses) that row's MP3 preview whatever the audition
 * toggle says, and leaves the toggle as it is.
 */
export function auditionSample(sample: Sample): void {
  if (!sample.auditionCode) return;
  usePlayerStore.getState().toggleAudition(sample).catch(logFailure);
}

/** Space on a row: pause/resume when it is the current song, else play it. */
export function toggleSample(sample: Sample, list: RowList): void {
  if (isCurrent(sample)) usePlayerStore.getState().togglePlay().catch(logFailure);
  else playFromList(sample, list);
}

/** Longest wait for a row's whole file before a click into its waveform starts it anyway. */
const SEEK_WAIT_MS = 8_000;

/** The latest click into a waveform waiting for its file: an older one gives way. */
let seekTicket = 0;

/**
 * A click into a waveform of a row whose file is not decoded yet: the engine would start it on
 * the first decoded slice, and an offset past that slice's end is cut to it — a click at 60 %
 * of a loop started it within its first second (issue 30 §10). So the file is fetched whole
 * first and the row starts once it is there, at the point clicked; a play of anything else
 * meanwhile wins.
 */
function startWhenWhole(sample: Sample, list: RowList, startProgress: number): void {
  const engine = getAudioEngine();
  const audition = auditionFor(sample);
  const ticket = ++seekTicket;
  // A loop repeating keeps its id: only a play of another sample cancels the wait.
  const playing = usePlayerStore.getState().id;
  // Claimed as a play claims it: a prefetch would be stopped by the next hover's anticipation.
  const controller = new AbortController();
  engine.load(sample, { audition, signal: controller.signal }).catch(() => {});
  const until = performance.now() + SEEK_WAIT_MS;
  const check = () => {
    if (ticket !== seekTicket || usePlayerStore.getState().id !== playing)
      return controller.abort();
    if (engine.cached(sample, audition) || performance.now() > until)
      return startFromList(sample, list, { actionType: 'seek', startProgress });
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** A click on a row's waveform: seeks the current song there, or starts the row at that point. */
export function seekSample(sample: Sample, fraction: number, list: RowList): void {
  const to = Math.min(1, Math.max(0, fraction));
  seekTicket++;
  if (isCurrent(sample)) usePlayerStore.getState().seek(to).catch(logFailure);
  else if (!sample.auditionCode && !isSignedIn()) askToSignIn();
  else if (to > 0 && !getAudioEngine().cached(sample, auditionFor(sample)))
    startWhenWhole(sample, list, to);
  else startFromList(sample, list, { actionType: 'seek', startProgress: to });
}

/**
 * A/B: plays `sample` from the point the current song has reached (the same moment of the other
 * sound), or from its start when nothing plays; `list` becomes the play list.
 */
export function switchToSample(sample: Sample, list: RowList): void {
  const { song, progress, isPlaying } = usePlayerStore.getState();
  const at = song && isPlaying ? progress : 0;
  startFromList(sample, list, { actionType: 'seek', startProgress: at });
}

/** ←/→: moves the current song by a fraction of its length. */
export function seekBy(delta: number): void {
  const { song, progress, seek } = usePlayerStore.getState();
  if (song) seek(Math.min(1, Math.max(0, progress + delta))).catch(logFailure);
}
