import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { commerceApi } from '../../api/commerce.api.ts';
import { Button, Card, Muted, PageTitle, Spinner } from '../../components/index.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatDate, formatPrice } from './format.ts';
import { ProfileTabs } from './ProfileTabs.tsx';
import { useLoad } from '../../lib/use-load.ts';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: 10px 8px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  & th {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
  & td:first-child {
    font-family: ui-monospace, monospace;
    font-size: ${({ theme }) => theme.font.small};
  }
`;

const Badge = styled.span`
  margin-left: 6px;
  padding: 1px 6px;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ theme }) => theme.font.small};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.warning};
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

/** /profile/orders: the user's orders, newest first, demo payments labelled. */
export function OrdersPage() {
  const { t } = useTranslation(['profile', 'common']);
  const language = currentLanguage();
  const orders = useLoad(commerceApi.orders);
  return (
    <div>
      <ProfileTabs />
      <Card>
        <PageTitle>{t('orders.title')}</PageTitle>
        {orders.loading && !orders.data && <Spinner label={t('common:status.loading')} />}
        {orders.failed && <Button onClick={orders.reload}>{t('common:actions.retry')}</Button>}
        {orders.data?.length === 0 && <Muted>{t('orders.empty')}</Muted>}
        {orders.data && orders.data.length > 0 && (
          <Scroll>
            <Table>
              <thead>
                <tr>
                  <th>{t('orders.id')}</th>
                  <th>{t('orders.product')}</th>
                  <th>{t('orders.price')}</th>
                  <th>{t('orders.status')}</th>
                  <th>{t('orders.date')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.map((order) => (
                  <tr key={order.id} data-order={order.productId}>
                    <td title={order.id}>{order.id.slice(0, 8)}</td>
                    <td>{order.productName}</td>
                    <td>{formatPrice(order.priceCents, order.currency, language)}</td>
                    <td>
                      {t(`orders.statuses.${order.status}`)}
                      {order.demo && <Badge>{t('orders.demo')}</Badge>}
                    </td>
                    <td>{formatDate(order.createdAt, language)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Scroll>
        )}
      </Card>
    </div>
  );
}
