import { lockedRate, nextGridTime, type Quantise } from '../../../shared/audio/beat-grid.ts';
import { DEFAULT_TARGET_LUFS, matchGain } from '../../../shared/audio/loudness-match.ts';
import { getAudioEngine } from '../engine/audio-runtime.ts';
import { SCHEDULED_AHEAD_S } from '../engine/synced-voice.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import type { StartContext, StartPlan } from '../store/start-plan.ts';
import { beatLoop } from './beat-loop.ts';
import { useMyBeatStore } from './my-beat.store.ts';

/**
 * Lead (s) a plain voice's quantised start needs: the start is scheduled on the context clock,
 * so only the time to post it to the audio thread.
 */
const PLAIN_LEAD_S = 0.02;
/** A synced voice's: its stretch runs from a pre-roll before the line (synced-voice.ts). */
const SYNCED_LEAD_S = SCHEDULED_AHEAD_S + 0.02;
/** The project tempo counts as the beat's within this (BPM): a typed 2-decimal copy of it. */
const SAME_TEMPO_BPM = 0.01;

/** The stored loudness of a sample, as the catalogue gives it (docs/api/catalogue.md). */
const storedLoudness = (song: StartContext['song']) => ({
  lufs: song.audioData?.lufs,
  truePeakDb: song.audioData?.truePeakDb,
});

/**
 * The length (s) a loop's voice repeats: the decoded track's own (frames ÷ rate). The
 * catalogue's is rounded to the millisecond, and locking to it drifted up to 0.1 ms a beat (≈3 ms
 * in 8 bars on a 2.8 s loop; an uncached first play locked to it drifted 1.7 ms in 8 bars). A
 * start on a line waits for the whole track (player.store.ts), so the fallbacks only answer the
 * store's first look at a plan, which it makes again once the whole is here.
 */
function loopLength(song: StartContext['song'], track: StartContext['track']): number {
  return getAudioEngine().buffers.get(track.key)?.duration ?? song.duration ?? track.duration;
}

/**
 * The player's start planner with my beat (docs/AUDIO.md, "My beat"): with a beat on and Sync
 * on, a start from a sound's beginning waits for the beat's next bar line (next beat for a
 * one-shot, or at once: the quantise setting) and a loop's stretch is locked to the beat's
 * grid; with "match loudness", every audition plays at the beat's loudness (−14 LUFS without
 * one) under a −1 dBTP ceiling. Without a beat, starts are as they were.
 */
export function planWithBeat({ song, track, offset, timePitch }: StartContext): StartPlan {
  const state = useMyBeatStore.getState();
  const beat = state.beat;
  const gain = state.matchLoudness
    ? matchGain(storedLoudness(song), beat?.analysis.lufs ?? DEFAULT_TARGET_LUFS)
    : undefined;
  const settings = useSettingsStore.getState();
  if (!beat || !state.enabled || !settings.sync) return { timePitch, gain };
  const lead = timePitch ? SYNCED_LEAD_S : PLAIN_LEAD_S;
  // The beat loops under every audition: the first one starts it, both on its first downbeat.
  if (!state.playing) state.playBeat(lead);
  if (offset > 0 || state.quantise === 'off') return { timePitch, gain };
  const clock = beatLoop.clock();
  if (!clock) return { timePitch, gain };
  const oneShot = song.audioData?.kind === 'oneshot';
  const quantise: Quantise = oneShot ? 'beat' : state.quantise;
  const now = getAudioEngine().context.currentTime;
  const at = nextGridTime(now, clock, quantise, lead);
  // A loop at the beat's tempo is stretched so its passes land on the beat's bar lines.
  const follows = Math.abs((settings.projectTempo ?? 0) - clock.bpm) < SAME_TEMPO_BPM;
  const locked =
    timePitch && !oneShot && follows
      ? { ...timePitch, rate: lockedRate(loopLength(song, track), timePitch.rate, clock.bpm) }
      : timePitch;
  return { at, timePitch: locked, gain };
}
