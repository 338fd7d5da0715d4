import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { commerceApi } from '../../api/commerce.api.ts';
import { DataTable, ScrollX } from '../../components/DataTable.ts';
import { Button, Card, Muted, PageTitle, Spinner } from '../../components/index.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatDate, formatPrice } from './format.ts';
import { ProfileTabs } from './ProfileTabs.tsx';
import { useLoad } from '../../lib/use-load.ts';

const Table = styled(DataTable)`
  & th,
  & td {
    padding: 10px 8px;
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
          <ScrollX>
            <Table>
              <thead>
                <tr>
                  {(['id', 'product', 'price', 'status', 'date'] as const).map((key) => (
                    <th key={key}>{t(`orders.${key}`)}</th>
                  ))}
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
          </ScrollX>
        )}
      </Card>
    </div>
  );
}
