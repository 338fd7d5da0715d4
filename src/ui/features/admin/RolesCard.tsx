import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { Button, Card, Muted, PageTitle, Select } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import type { AdminRole, RoleCode, RolesOverview } from '../../../shared/index.ts';
import { ActionsCell, AdminRows, LoadStatus } from './admin-parts.tsx';
import { Chip, FormRow, WideOnly } from './admin-table.ts';
import { RoleForm } from './RoleForm.tsx';

/**
 * The roles with their permissions (named in the UI language) and holders: new role, change its
 * permissions, delete it (after a confirmation), and the default role for staff.
 */
export function RolesCard() {
  const { t } = useTranslation(['admin', 'common']);
  const overview = useLoad(adminApi.roles);
  const [editing, setEditing] = useState<string | null>(null);
  // Every change answers the whole overview: shown at once, without another request.
  const [changed, setChanged] = useState<RolesOverview | null>(null);
  const data = changed ?? overview.data;
  const nameOf = (id: string) => data?.permissions.find((p) => p.identifier === id)?.name ?? id;
  const roleName = (role: AdminRole) =>
    role.builtIn ? t(`roles.builtInNames.${role.code as RoleCode}`) : role.name;
  const done = (next: RolesOverview) => {
    setEditing(null);
    setChanged(next);
  };
  const remove = (role: AdminRole) => {
    if (window.confirm(t('roles.confirmDelete', { role: roleName(role) })))
      void adminApi.deleteRole(role.code).then(done, () => undefined);
  };
  return (
    <Card data-admin="roles">
      <PageTitle>{t('roles.title')}</PageTitle>
      <LoadStatus load={overview} />
      {data && (
        <>
          <FormRow>
            <Muted>{t('roles.staffDefault', { role: data.staffDefaultRole })}</Muted>
            <WideOnly>
              <Select
                label={t('roles.staffDefaultLabel')}
                value={data.staffDefaultRole}
                onChange={(role) => void adminApi.setStaffRole(role).then(done, () => undefined)}
                options={data.roles.map((role) => ({ value: role.code, label: role.code }))}
              />
            </WideOnly>
          </FormRow>
          <WideOnly>
            {editing === '' ? (
              <RoleForm
                permissions={data.permissions}
                onSave={(role) => adminApi.createRole(role).then(done, () => undefined)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <Button size="small" onClick={() => setEditing('')}>
                {t('roles.new')}
              </Button>
            )}
          </WideOnly>
          <AdminRows
            items={data.roles}
            row={(role) => (
              <tr key={role.code} data-role={role.code}>
                <td>
                  <strong>{roleName(role)}</strong>
                  <br />
                  <Muted>
                    {role.code}
                    {role.builtIn && ` · ${t('roles.builtIn')}`} ·{' '}
                    {t('roles.holders', { count: role.userCount })}
                  </Muted>
                </td>
                <td>
                  {editing === role.code ? (
                    <RoleForm
                      permissions={data.permissions}
                      initial={role}
                      onSave={({ name, permissions }) =>
                        adminApi
                          .updateRole(role.code, { name, permissions })
                          .then(done, () => undefined)
                      }
                      onCancel={() => setEditing(null)}
                    />
                  ) : (
                    <>
                      {role.permissions.length === 0 && <Muted>{t('roles.none')}</Muted>}
                      {role.permissions.map((id) => (
                        <Chip key={id} title={id}>
                          {nameOf(id)}
                        </Chip>
                      ))}
                    </>
                  )}
                </td>
                <ActionsCell>
                  {role.code !== 'ADMIN' && (
                    <Button size="small" variant="text" onClick={() => setEditing(role.code)}>
                      {t('roles.edit')}
                    </Button>
                  )}
                  {!role.builtIn && (
                    <Button size="small" variant="text" onClick={() => remove(role)}>
                      {t('roles.delete')}
                    </Button>
                  )}
                </ActionsCell>
              </tr>
            )}
          />
        </>
      )}
    </Card>
  );
}
