import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../components/index.ts';
import { RecordError, startTake, type RecordErrorCode, type Take } from './beat-recorder.ts';
import { MAX_TAKE_SECONDS } from './beat-take.ts';
import { useMyBeatStore } from './my-beat.store.ts';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Quiet = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * Records my beat with the microphone (docs/AUDIO.md, "My beat"): a first press starts the take,
 * a second press (or MAX_TAKE_SECONDS) ends it, and the bounce made of it goes the way a dropped
 * file goes. A refusal or a missing microphone is said here; the beat there before stays.
 */
export function BeatRecord() {
  const { t } = useTranslation('myBeat');
  const [phase, setPhase] = useState<'idle' | 'starting' | 'recording' | 'processing'>('idle');
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<{ code: RecordErrorCode; detail: string } | null>(null);
  const take = useRef<Take | null>(null);

  useEffect(() => () => take.current?.cancel(), []);
  useEffect(() => {
    if (phase !== 'recording') return;
    const began = performance.now();
    const tick = setInterval(() => setSeconds(Math.floor((performance.now() - began) / 1000)), 250);
    return () => clearInterval(tick);
  }, [phase]);

  const fail = (reason: unknown) => {
    const known = reason instanceof RecordError;
    setError({
      code: known ? reason.code : 'failed',
      detail: (reason as Error)?.message ?? String(reason),
    });
    setPhase('idle');
  };
  const stop = async () => {
    const running = take.current;
    if (!running) return;
    take.current = null;
    setPhase('processing');
    try {
      const file = await running.stop();
      setPhase('idle');
      await useMyBeatStore.getState().addBeat(file);
    } catch (reason) {
      fail(reason);
    }
  };
  const start = async () => {
    setError(null);
    setSeconds(0);
    setPhase('starting');
    try {
      take.current = await startTake(() => void stop());
      setPhase('recording');
    } catch (reason) {
      fail(reason);
    }
  };

  const recording = phase === 'recording';
  return (
    <>
      <Row>
        <Button
          variant={recording ? 'primary' : 'secondary'}
          size="small"
          aria-pressed={recording}
          disabled={phase === 'starting' || phase === 'processing'}
          onClick={() => void (recording ? stop() : start())}
        >
          {recording ? t('record.stop') : t('record.start')}
        </Button>
        {recording && (
          <Quiet role="status">{t('record.running', { seconds, max: MAX_TAKE_SECONDS })}</Quiet>
        )}
        {phase === 'processing' && <Quiet role="status">{t('analysing')}</Quiet>}
      </Row>
      {error && (
        <Alert role="alert">{t(`record.errors.${error.code}`, { detail: error.detail })}</Alert>
      )}
    </>
  );
}
