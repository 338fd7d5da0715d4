import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { Button, Card, Muted, PageTitle, Spinner } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import type { RoleCode } from '../../../shared/index.ts';
import { AdminTable, Chip, Scroll } from './admin-table.ts';

/** The roles with their permissions (named in the UI language) and holders. */
export function RolesCard() {
  const { t } = useTranslation(['admin', 'common']);
  const overview = useLoad(adminApi.roles);
  const data = overview.data;
  const nameOf = (id: string) => data?.permissions.find((p) => p.identifier === id)?.name ?? id;
  return (
    <Card data-admin="roles">
      <PageTitle>{t('roles.title')}</PageTitle>
      {overview.loading && !data && <Spinner label={t('common:status.loading')} />}
      {overview.failed && <Button onClick={overview.reload}>{t('common:actions.retry')}</Button>}
      {data && (
        <>
          <Muted>{t('roles.staffDefault', { role: data.staffDefaultRole })}</Muted>
          <Scroll>
            <AdminTable>
              <tbody>
                {data.roles.map((role) => (
                  <tr key={role.code} data-role={role.code}>
                    <td>
                      <strong>
                        {role.builtIn
                          ? t(`roles.builtInNames.${role.code as RoleCode}`)
                          : role.name}
                      </strong>
                      <br />
                      <Muted>
                        {role.code}
                        {role.builtIn && ` · ${t('roles.builtIn')}`} ·{' '}
                        {t('roles.holders', { count: role.userCount })}
                      </Muted>
                    </td>
                    <td>
                      {role.permissions.length === 0 && <Muted>{t('roles.none')}</Muted>}
                      {role.permissions.map((id) => (
                        <Chip key={id} title={id}>
                          {nameOf(id)}
                        </Chip>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          </Scroll>
        </>
      )}
    </Card>
  );
}
