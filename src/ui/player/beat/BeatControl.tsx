import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { BEAT_BARS, QUANTISE_SETTINGS, type Quantise } from '../../../shared/audio/beat-grid.ts';
import { formatBpm } from '../../../shared/audio/sync-params.ts';
import { BarPopup, Button, Slider, Switch, compactControl } from '../../components/index.ts';
import { useFileDrop } from '../../components/use-file-drop.ts';
import { getAudioEngine } from '../engine/audio-runtime.ts';
import { useMyBeatStore } from './my-beat.store.ts';
import { setUpMyBeat } from './my-beat.setup.ts';
import { BeatRecord } from './BeatRecord.tsx';

const popup = css`
  width: min(320px, calc(100vw - 24px));
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.text};
  font-size: 13px;
`;

const Drop = styled.label<{ $over: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px dashed ${({ theme, $over }) => ($over ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.small};
  text-align: center;
  cursor: pointer;
  & > input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
`;

const Line = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  & > select {
    ${compactControl(28)}
  }
`;

const FaderBox = styled.div`
  flex: 1;
  max-width: 180px;
`;

const Name = styled.strong`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Quiet = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/** The drop zone and file chooser: a file dropped or chosen becomes the beat. */
function BeatDrop({ label }: { label: string }) {
  const { t } = useTranslation('myBeat');
  const add = (file: File | undefined) => {
    if (file) void useMyBeatStore.getState().addBeat(file);
  };
  const { over, handlers } = useFileDrop((files) => add(files[0]));
  return (
    <Drop $over={over} {...handlers}>
      <span>{label}</span>
      <Quiet>{t('private')}</Quiet>
      <input
        type="file"
        accept="audio/*,.wav,.aif,.aiff,.mp3,.flac,.ogg"
        aria-label={t('choose')}
        onChange={(event) => {
          add(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Drop>
  );
}

/** The beat's summary and controls once it is in. */
function BeatPanel() {
  const { t } = useTranslation('myBeat');
  const beat = useMyBeatStore((s) => s.beat)!;
  const playing = useMyBeatStore((s) => s.playing);
  const volume = useMyBeatStore((s) => s.volume);
  const quantise = useMyBeatStore((s) => s.quantise);
  const match = useMyBeatStore((s) => s.matchLoudness);
  const enabled = useMyBeatStore((s) => s.enabled);
  const store = useMyBeatStore.getState;
  const toggle = async () => {
    if (playing) return store().stopBeat();
    await getAudioEngine().unlock();
    store().playBeat();
  };
  return (
    <>
      <Line>
        <Name title={beat.name}>{beat.name}</Name>
        <Button variant="secondary" size="small" onClick={() => void toggle()}>
          {playing ? t('stop') : t('play')}
        </Button>
      </Line>
      <Quiet data-testid="beat-summary">
        {t('summary', {
          bpm: formatBpm(beat.grid.bpm),
          bars: beat.grid.bars,
          key: beat.analysis.key ?? t('noKey'),
          lufs: beat.analysis.lufs.toFixed(1),
        })}
      </Quiet>
      <Line>
        <span>{t('volume')}</span>
        <FaderBox>
          <Slider
            label={t('volume')}
            min={0}
            max={1}
            step={0.01}
            value={volume}
            onChange={(v) => store().setVolume(v)}
          />
        </FaderBox>
      </Line>
      <Line>
        <label htmlFor="my-beat-bars">{t('bars')}</label>
        <select
          id="my-beat-bars"
          value={beat.grid.bars}
          onChange={(event) => void store().setBars(Number(event.target.value))}
        >
          {Array.from(
            { length: BEAT_BARS.max - BEAT_BARS.min + 1 },
            (_, i) => i + BEAT_BARS.min,
          ).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </Line>
      <Line>
        <label htmlFor="my-beat-quantise">{t('quantise')}</label>
        <select
          id="my-beat-quantise"
          value={quantise}
          onChange={(event) => store().setQuantise(event.target.value as Quantise)}
        >
          {QUANTISE_SETTINGS.map((q) => (
            <option key={q} value={q}>
              {t(`quantiseModes.${q}`)}
            </option>
          ))}
        </select>
      </Line>
      <Line>
        <span aria-hidden>{t('enabled')}</span>
        <Switch label={t('enabled')} checked={enabled} onChange={(on) => store().setEnabled(on)} />
      </Line>
      <Line>
        <span aria-hidden>{t('match')}</span>
        <Switch
          label={t('match')}
          checked={match}
          onChange={(on) => store().setMatchLoudness(on)}
        />
      </Line>
      <Line>
        <Button variant="secondary" size="small" onClick={() => void store().removeBeat()}>
          {t('remove')}
        </Button>
      </Line>
      <BeatDrop label={t('replace')} />
      <BeatRecord />
    </>
  );
}

/**
 * My beat in the player bar (docs/AUDIO.md, "My beat"): a button opening a panel to drop or
 * choose the producer's own loop, see what the browser found in it, correct its bars, play it
 * under the auditions with its own fader, and set quantise and matched loudness.
 */
export function BeatControl() {
  const { t } = useTranslation('myBeat');
  const status = useMyBeatStore((s) => s.status);
  const error = useMyBeatStore((s) => s.error);
  const playing = useMyBeatStore((s) => s.playing);
  useEffect(() => setUpMyBeat(), []);
  return (
    <BarPopup
      role="group"
      aria-label={t('title')}
      panelCss={popup}
      closeOnOutside
      trigger={(open, toggle) => (
        <Button
          variant={open || playing ? 'primary' : 'secondary'}
          size="small"
          aria-label={t('button')}
          aria-expanded={open}
          onClick={toggle}
        >
          {t('short')}
        </Button>
      )}
    >
      <strong>{t('title')}</strong>
      {status === 'ready' ? (
        <BeatPanel />
      ) : (
        status === 'empty' && (
          <>
            <BeatDrop label={t('drop')} />
            <BeatRecord />
          </>
        )
      )}
      {status === 'analysing' && <Quiet role="status">{t('analysing')}</Quiet>}
      {error && <Alert role="alert">{t(`errors.${error.code}`, { detail: error.detail })}</Alert>}
    </BarPopup>
  );
}
