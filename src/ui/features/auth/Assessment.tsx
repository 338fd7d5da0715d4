import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AssessmentStart } from '../../../shared/index.ts';
import { accountsApi } from '../../api/accounts.api.ts';
import { loadProfile } from '../../api/profile-loader.ts';
import { Button, Card, Muted } from '../../components/index.ts';

const Options = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(3)} 0;
  padding: 0;
  border: none;
  & legend {
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: 600;
  }
  & label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 6px 10px;
    border-radius: ${({ theme }) => theme.radius.small};
    border: 1px solid ${({ theme }) => theme.colors.border};
    cursor: pointer;
  }
  & label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.title};
`;

const Error = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

type Step = { kind: 'intro' } | { kind: 'page'; index: number } | { kind: 'done' };

/**
 * The creator assessment: an intro with tips, one question per page (next page / finish), then
 * congratulations. Finishing sets the user's sampleTypes and grants CREATOR (gateway).
 */
export function Assessment({ start }: { start: AssessmentStart }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'intro' });
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [showTips, setShowTips] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const total = start.questions.length;

  /** A screen of the assessment: its title, its text, and its actions under them. */
  const screen = (title: string, text: string, actions: ReactNode, after?: ReactNode) => (
    <Card>
      <Title>{title}</Title>
      <Muted>{text}</Muted>
      <Actions>{actions}</Actions>
      {after}
    </Card>
  );

  if (step.kind === 'intro')
    return screen(
      t('assessment.title'),
      t('assessment.intro'),
      <>
        <Button variant="text" aria-expanded={showTips} onClick={() => setShowTips((s) => !s)}>
          {t('assessment.tips')}
        </Button>
        <Button variant="primary" onClick={() => setStep({ kind: 'page', index: 0 })}>
          {t('assessment.continue')}
        </Button>
      </>,
      showTips && <Muted role="note">{t('assessment.tipsText')}</Muted>,
    );

  if (step.kind === 'done')
    return screen(
      t('assessment.congratulations'),
      t('assessment.congratulationsText'),
      <>
        <span />
        <Button variant="primary" onClick={() => navigate('/sounds', { replace: true })}>
          {t('assessment.goSounds')}
        </Button>
      </>,
    );

  const question = start.questions[step.index]!;
  const chosen = answers[question.id] ?? [];
  const last = step.index === total - 1;
  const toggle = (value: string) => {
    setMissing(false);
    setAnswers((a) => {
      const current = a[question.id] ?? [];
      const next = question.multiple
        ? current.includes(value)
          ? current.filter((v) => v !== value)
          : [...current, value]
        : [value];
      return { ...a, [question.id]: next };
    });
  };
  const advance = async () => {
    if (chosen.length === 0) {
      setMissing(true);
      return;
    }
    if (!last) {
      setStep({ kind: 'page', index: step.index + 1 });
      return;
    }
    setBusy(true);
    try {
      await accountsApi.finishAssessment({ assessmentId: start.assessmentId, answers });
      await loadProfile();
      setStep({ kind: 'done' });
    } catch {
      // The HTTP client has shown the gateway's message; the answers stay for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <Title>{t('assessment.title')}</Title>
      <Muted>{t('assessment.progress', { page: step.index + 1, total })}</Muted>
      <Options>
        <legend>{question.text}</legend>
        {question.options.map((option) => (
          <label key={option.value}>
            <input
              type={question.multiple ? 'checkbox' : 'radio'}
              name={question.id}
              value={option.value}
              checked={chosen.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
            {option.label}
          </label>
        ))}
      </Options>
      {missing && <Error role="alert">{t('assessment.chooseOne')}</Error>}
      <Actions>
        <Button variant="text" aria-expanded={showTips} onClick={() => setShowTips((s) => !s)}>
          {t('assessment.tips')}
        </Button>
        <Button variant="primary" loading={busy} onClick={() => void advance()}>
          {last ? t('assessment.finish') : t('assessment.nextPage')}
        </Button>
      </Actions>
      {showTips && <Muted role="note">{t('assessment.tipsText')}</Muted>}
    </Card>
  );
}
