/** My beat: the producer's own loop under every audition (docs/AUDIO.md, "My beat"). */
export { BeatControl } from './BeatControl.tsx';
export { useMyBeatStore, resetMyBeatStore } from './my-beat.store.ts';
