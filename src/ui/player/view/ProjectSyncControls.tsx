import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { MUSICAL_KEYS, type MusicalKey } from '../../../shared/api/catalogue.types.ts';
import { formatBpm, isProjectTempo, PROJECT_TEMPO } from '../../../shared/audio/sync-params.ts';
import { BarPopup, Button, Switch, compactControl } from '../../components/index.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { tapTempo, TAP_RESET_MS } from './tap-tempo.ts';

/** Below this width the controls fold into a popup of the player (px). */
const INLINE_WIDTH = 1200;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  & > input,
  & > select {
    ${compactControl(30)}
  }
  & > input {
    width: 64px;
    font-variant-numeric: tabular-nums;
  }
  & > input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

const popup = css`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
`;

/** The project tempo input (40–240 BPM, decimals) with its tap-tempo button. */
function TempoField() {
  const { t } = useTranslation('player');
  const tempo = useSettingsStore((s) => s.projectTempo);
  const [draft, setDraft] = useState<string | null>(null);
  const taps = useRef<number[]>([]);
  const text = draft ?? (tempo === null ? '' : formatBpm(tempo));
  const parsed = text.trim() === '' ? null : Number(text);
  const valid = parsed === null || isProjectTempo(parsed);
  const commit = () => {
    if (valid) useSettingsStore.getState().set('projectTempo', parsed);
    setDraft(null);
  };
  const tap = () => {
    const now = performance.now();
    const last = taps.current[taps.current.length - 1];
    taps.current = last !== undefined && now - last > TAP_RESET_MS ? [now] : [...taps.current, now];
    const bpm = tapTempo(taps.current);
    if (bpm !== null) {
      setDraft(null);
      useSettingsStore.getState().set('projectTempo', bpm);
    }
  };
  return (
    <>
      <input
        type="number"
        inputMode="decimal"
        min={PROJECT_TEMPO.min}
        max={PROJECT_TEMPO.max}
        step="any"
        placeholder="BPM"
        aria-label={t('sync.tempo')}
        title={valid ? t('sync.tempo') : t('sync.tempoInvalid')}
        aria-invalid={!valid}
        value={text}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setDraft(null);
        }}
      />
      <Button
        variant="secondary"
        size="small"
        onClick={tap}
        aria-label={t('sync.tap')}
        title={t('sync.tap')}
      >
        TAP
      </Button>
    </>
  );
}

/** The project key: a native select of the catalogue's key codes, plus "no key". */
function KeyField() {
  const { t } = useTranslation('player');
  const key = useSettingsStore((s) => s.projectKey);
  return (
    <select
      aria-label={t('sync.key')}
      title={t('sync.key')}
      value={key ?? ''}
      onChange={(event) =>
        useSettingsStore
          .getState()
          .set('projectKey', event.target.value === '' ? null : (event.target.value as MusicalKey))
      }
    >
      <option value="">{t('sync.noKey')}</option>
      {MUSICAL_KEYS.map((k) => (
        <option key={k} value={k}>
          {k}
        </option>
      ))}
    </select>
  );
}

function Controls() {
  const { t } = useTranslation('player');
  const sync = useSettingsStore((s) => s.sync);
  return (
    <Row role="group" aria-label={t('sync.controls')}>
      <TempoField />
      <KeyField />
      <Switch
        label={t('sync.switch')}
        checked={sync}
        onChange={(on) => useSettingsStore.getState().set('sync', on)}
      />
    </Row>
  );
}

/**
 * Project tempo, key and Sync in the player bar (docs/AUDIO.md, "Synced audition"): inline on
 * wide screens, folded into a popup of the player below INLINE_WIDTH (its button lit while Sync
 * is on).
 */
export function ProjectSyncControls() {
  const { t } = useTranslation('player');
  const sync = useSettingsStore((s) => s.sync);
  const folded = useMediaQuery(`(max-width: ${INLINE_WIDTH - 1}px)`);
  if (!folded) return <Controls />;
  return (
    <BarPopup panelCss={popup} trigger={{ icon: 'repeat', label: t('sync.controls'), lit: sync }}>
      <Controls />
    </BarPopup>
  );
}
