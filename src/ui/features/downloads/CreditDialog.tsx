import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { page } from '../../api/page.ts';
import { Button, Dialog } from '../../components/index.ts';
import { CreditChoice, type ChoiceMode } from './CreditChoice.tsx';
import {
  coveredCount,
  quoteFits,
  useCreditPrompt,
  type CreditQuote,
} from './credit-prompt.store.ts';

const Short = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/** The dialog's body and buttons for one quote (remounted per quote: its choice starts afresh). */
function QuoteDialog({ quote }: { quote: CreditQuote }) {
  const { t } = useTranslation(['downloads', 'common']);
  const settle = useCreditPrompt((s) => s.settle);
  const [mode, setMode] = useState<ChoiceMode>('first');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const fits = quoteFits(quote);
  const limit = coveredCount(quote);
  const chosen = fits
    ? quote.items.map((item) => item.id)
    : mode === 'first'
      ? quote.items.slice(0, limit).map((item) => item.id)
      : quote.items.filter((item) => picked.has(item.id)).map((item) => item.id);
  const close = () => settle(null);
  const confirmWord = quote.purpose === 'like' ? 'credits.confirmLike' : 'credits.confirmDownload';
  const plans = (
    <Button
      onClick={() => {
        close();
        page.navigate('/profile/fieldset');
      }}
    >
      {t('credits.plans')}
    </Button>
  );
  return (
    <Dialog
      open
      title={t(`credits.titles.${quote.purpose}`, { name: quote.name ?? '' })}
      closeLabel={t('common:actions.close')}
      onClose={close}
      footer={
        <Footer>
          <Button onClick={close}>
            {t(limit > 0 ? 'common:actions.cancel' : 'common:actions.close')}
          </Button>
          {!fits && plans}
          {limit > 0 && (
            <Button variant="primary" disabled={chosen.length === 0} onClick={() => settle(chosen)}>
              {fits
                ? t(confirmWord)
                : t('credits.partial.confirm', { action: t(confirmWord), count: chosen.length })}
            </Button>
          )}
        </Footer>
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
          {t(limit > 0 ? 'credits.shortPartial' : 'credits.short', {
            cost: quote.cost,
            available: quote.available ?? 0,
          })}
        </Short>
      )}
      {!fits && limit > 0 && (
        <CreditChoice
          items={quote.items}
          limit={limit}
          mode={mode}
          picked={picked}
          onMode={setMode}
          onPicked={setPicked}
        />
      )}
    </Dialog>
  );
}

/**
 * The question before a bulk download (a pack, a selection, a bulk like): how many files and how
 * many downloads against the balance. When the balance is short it offers the part it covers
 * (the first N, or the ones ticked), the plans, or nothing at all; nothing has been spent at that
 * point (the gateway grants a batch all or nothing).
 */
export function CreditDialog() {
  const quote = useCreditPrompt((s) => s.quote);
  return quote ? <QuoteDialog key={quote.items.map((i) => i.id).join()} quote={quote} /> : null;
}
