import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Product } from '../../../shared/index.ts';
import { commerceApi } from '../../api/commerce.api.ts';
import { loadProfile } from '../../api/profile-loader.ts';
import {
  Button,
  Card,
  CardGrid,
  Dialog,
  Muted,
  PageTitle,
  Spinner,
} from '../../components/index.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { toast } from '../../stores/toast.store.ts';
import { useUserInfo } from '../../stores/session.store.ts';
import { useDownloadBalance } from '../downloads/index.ts';
import { formatPrice } from './format.ts';
import { ProfileTabs } from './ProfileTabs.tsx';
import { useLoad } from '../../lib/use-load.ts';

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px dashed ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

const Plans = styled(CardGrid).attrs({ $min: 220, $fit: true })`
  & h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
`;

const Price = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0;
  font-size: 26px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  & small {
    font-size: ${({ theme }) => theme.font.body};
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Current = styled.span`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space(2)};
  padding: 2px 10px;
  border-radius: 10px;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
`;

const Plan = styled.li<{ $current: boolean }>`
  & > * {
    height: 100%;
    outline: ${({ theme, $current }) => ($current ? `2px solid ${theme.colors.primary}` : 'none')};
  }
`;

const Buy = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
`;

/**
 * /profile/fieldset: plans from the gateway with quota and price, the current one marked, and the
 * balance; buying places a demo order.
 */
export function PricingPage() {
  const { t } = useTranslation(['profile', 'common']);
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const language = currentLanguage();
  const products = useLoad(commerceApi.products);
  const [choice, setChoice] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);
  const balance = useDownloadBalance();

  const buy = async (product: Product) => {
    setBusy(true);
    try {
      await commerceApi.buy(product.id);
      setChoice(null);
      toast.success(t('fieldset.bought'));
      await loadProfile();
      navigate('/profile/orders');
    } catch {
      // The HTTP client showed the gateway's reason (e.g. already unlimited); nothing changed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {userInfo && <ProfileTabs />}
      <PageTitle>{t('fieldset.title')}</PageTitle>
      <Notice role="note">{t('fieldset.demoNotice')}</Notice>
      {userInfo && balance && (
        <p data-testid="your-plan">
          {t('fieldset.yourPlan', {
            plan: products.data?.find((p) => p.id === userInfo.plan)?.name ?? userInfo.plan,
            balance,
          })}
        </p>
      )}
      {products.loading && !products.data && <Spinner label={t('common:status.loading')} />}
      {products.failed && <Button onClick={products.reload}>{t('common:actions.retry')}</Button>}
      <Plans>
        {(products.data ?? []).map((product) => {
          const current = userInfo?.plan === product.id;
          return (
            <Plan
              key={product.id}
              data-plan={product.id}
              $current={current}
              aria-current={current ? 'true' : undefined}
            >
              <Card>
                {current && <Current>{t('fieldset.current')}</Current>}
                <h2>{product.name}</h2>
                <Price>
                  {formatPrice(product.priceCents, product.currency, language)}{' '}
                  <small>{t(`fieldset.periods.${product.period}`)}</small>
                </Price>
                <Muted>
                  {product.downloadQuota === null
                    ? t('fieldset.unlimited')
                    : t('fieldset.quota', { count: product.downloadQuota })}
                </Muted>
                {product.priceCents > 0 && (
                  <Buy>
                    <Button
                      variant={current ? 'secondary' : 'primary'}
                      block
                      onClick={() =>
                        userInfo
                          ? setChoice(product)
                          : navigate('/login?redirect=/profile/fieldset')
                      }
                    >
                      {t('fieldset.buy')}
                    </Button>
                  </Buy>
                )}
              </Card>
            </Plan>
          );
        })}
      </Plans>
      <Dialog
        open={choice !== null}
        title={t('fieldset.confirmTitle')}
        closeLabel={t('common:actions.close')}
        onClose={() => setChoice(null)}
        footer={
          <>
            <Button onClick={() => setChoice(null)}>{t('common:actions.cancel')}</Button>
            <Button variant="primary" loading={busy} onClick={() => choice && void buy(choice)}>
              {t('common:actions.confirm')}
            </Button>
          </>
        }
      >
        {choice &&
          t('fieldset.confirmText', {
            name: choice.name,
            price: formatPrice(choice.priceCents, choice.currency, language),
          })}
      </Dialog>
    </div>
  );
}
