import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/index.ts';
import { useNavigationStore } from '../../stores/navigation.store.ts';

/** Back and forward through the app's page history (disabled at either end). */
export function HistoryButtons() {
  const { t } = useTranslation('navigation');
  const navigate = useNavigate();
  const canBack = useNavigationStore((s) => s.currentIndex > 0);
  const canForward = useNavigationStore((s) => s.currentIndex < s.history.length - 1);
  const move = (step: 'back' | 'forward') => {
    const target = useNavigationStore.getState()[step]();
    if (target) navigate(target);
  };
  return (
    <>
      {(['back', 'forward'] as const).map((step) => (
        <IconButton
          key={step}
          icon={step}
          label={t(step)}
          size={18}
          disabled={!(step === 'back' ? canBack : canForward)}
          onClick={() => move(step)}
        />
      ))}
    </>
  );
}
