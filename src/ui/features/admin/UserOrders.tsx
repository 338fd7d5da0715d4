import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { Muted, Spinner } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';

/** One user's orders (product, price, status, date), loaded when the row is opened. */
export function UserOrders(props: { userId: number }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const load = useCallback(
    (signal: AbortSignal) => adminApi.user(props.userId, signal),
    [props.userId],
  );
  const detail = useLoad(load);
  if (!detail.data) return <Spinner label={t('common:status.loading')} />;
  const { orders } = detail.data;
  if (orders.length === 0) return <Muted>{t('users.noOrders')}</Muted>;
  return (
    <ul data-orders style={{ margin: 0, paddingLeft: 18 }}>
      {orders.map((order) => (
        <li key={order.id}>
          {order.productName} · ¥{(order.priceCents / 100).toFixed(2)} · {order.status} ·{' '}
          {new Date(order.createdAt).toLocaleDateString(i18n.language)}
        </li>
      ))}
    </ul>
  );
}
