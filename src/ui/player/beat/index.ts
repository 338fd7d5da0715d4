/** My beat: the producer's own loop under every audition (docs/AUDIO.md, "My beat"). */
import './locales/index.ts'; // registers the myBeat strings (they load with this code)
export { BeatControl } from './BeatControl.tsx';
export { useMyBeatStore, resetMyBeatStore } from './my-beat.store.ts';
