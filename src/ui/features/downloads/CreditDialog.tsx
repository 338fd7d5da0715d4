import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { page } from '../../api/page.ts';
import { Button, Dialog } from '../../components/index.ts';
import { quoteFits, useCreditPrompt } from './credit-prompt.store.ts';

const Short = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/**
 * The question before a bulk download (a pack, a selection, a bulk like): how many files and how
 * many downloads against the balance. When the balance is short it only refuses and offers the
 * plans; nothing has been spent at that point (the gateway grants a batch all or nothing).
 */
export function CreditDialog() {
  const { t } = useTranslation(['downloads', 'common']);
  const quote = useCreditPrompt((s) => s.quote);
  const settle = useCreditPrompt((s) => s.settle);
  if (!quote) return null;
  const fits = quoteFits(quote);
  const close = () => settle(false);
  return (
    <Dialog
      open
      title={t(`credits.titles.${quote.purpose}`, { name: quote.name ?? '' })}
      closeLabel={t('common:actions.close')}
      onClose={close}
      footer={
        fits ? (
          <>
            <Button onClick={close}>{t('common:actions.cancel')}</Button>
            <Button variant="primary" onClick={() => settle(true)}>
              {t(quote.purpose === 'like' ? 'credits.confirmLike' : 'credits.confirmDownload')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>{t('common:actions.close')}</Button>
            <Button
              variant="primary"

              onClick={() => {
                close();
                page.navigate('/profile/fieldset');
              }}
            >
              {t('credits.plans')}
            </Button>
          </>
        )
      }
    >
      {quote.purpose === 'like' && <p>{t('credits.likeNote')}</p>}
      <p data-testid="credit-cost">
        {quote.downloadQuota === null
          ? t('credits.costUnlimited', { files: quote.files })
          : t('credits.cost', { files: quote.files, cost: quote.cost, left: quote.downloadQuota })}
      </p>
      {!fits && (
        <Short role="alert">
          {t('credits.short', { cost: quote.cost, available: quote.available ?? 0 })}
        </Short>
      )}
    </Dialog>
  );
}
