import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { Button, Card, Muted, PageTitle, TextField } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import type { AdminUser } from '../../../shared/index.ts';
import { Chip } from './admin-table.ts';
import { UserOrders } from './UserOrders.tsx';
import { ActionsCell, AdminRows, HeadRow, LoadStatus } from './admin-parts.tsx';

/** The inline role editor of one user: a checkbox per role, saved at once. */
function RoleEditor(props: {
  user: AdminUser;
  codes: string[];
  onDone: (error: string | null) => void;
}) {
  const { t } = useTranslation('admin');
  const [chosen, setChosen] = useState(props.user.roles);
  const toggle = (code: string) =>
    setChosen((list) => (list.includes(code) ? list.filter((c) => c !== code) : [...list, code]));
  const save = () =>
    adminApi.setRoles(props.user.id, chosen).then(
      () => props.onDone(null),
      (error: Error) => props.onDone(error.message),
    );
  return (
    <div data-role-editor>
      {props.codes.map((code) => (
        <label key={code} style={{ marginRight: 12, whiteSpace: 'nowrap' }}>
          <input type="checkbox" checked={chosen.includes(code)} onChange={() => toggle(code)} />{' '}
          {code}
        </label>
      ))}
      <Button size="small" variant="primary" onClick={() => void save()}>
        {t('users.save')}
      </Button>{' '}
      <Button size="small" variant="text" onClick={() => props.onDone(null)}>
        {t('users.cancel')}
      </Button>
    </div>
  );
}

/** Find users by e-mail; each one's plan, credits and orders; change roles; disable or enable. */
export function UsersCard() {
  const { t } = useTranslation(['admin', 'common']);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback((signal: AbortSignal) => adminApi.users(keyword, signal), [keyword]);
  const users = useLoad(load);
  const roles = useLoad(adminApi.roles);
  const codes = roles.data?.roles.map((role) => role.code) ?? [];
  const done = (message: string | null) => {
    setError(message);
    setEditing(null);
    users.reload();
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(draft.trim());
  };
  const toggleDisabled = (user: AdminUser) =>
    adminApi.setDisabled(user.id, !user.disabled).then(
      () => done(null),
      (failure: Error) => done(failure.message),
    );
  return (
    <Card data-admin="users">
      <PageTitle>{t('users.title')}</PageTitle>
      <form onSubmit={search} role="search">
        <TextField
          label={t('users.search')}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </form>
      {error && <p role="alert">{error}</p>}
      <LoadStatus load={users} />
      {users.data?.records.length === 0 && <Muted>{t('users.empty')}</Muted>}
      {users.data && users.data.records.length > 0 && (
        <AdminRows
          head={
            <HeadRow
              labels={(['email', 'roles', 'plan', 'credits', 'orders', 'state'] as const).map(
                (key) => t(`users.${key}`),
              )}
              actions
            />
          }
          items={users.data.records}
          row={(user) => (
            <tr key={user.id} data-user={user.email}>
              <td>{user.email}</td>
              <td>
                {editing === user.id ? (
                  <RoleEditor user={user} codes={codes} onDone={done} />
                ) : (
                  user.roles.map((role) => <Chip key={role}>{role}</Chip>)
                )}
              </td>
              <td>{user.plan}</td>
              <td>{user.downloadQuota ?? t('users.unlimited')}</td>
              <td>
                <Button
                  size="small"
                  variant="text"
                  aria-expanded={opened === user.id}
                  onClick={() => setOpened(opened === user.id ? null : user.id)}
                >
                  {user.orderCount}
                </Button>
                {opened === user.id && <UserOrders userId={user.id} />}
              </td>
              <td>{user.disabled ? t('users.disabled') : t('users.active')}</td>
              <ActionsCell>
                <Button
                  size="small"
                  variant="text"
                  onClick={() => {
                    // Roles made since the screen opened are offered too.
                    roles.reload();
                    setEditing(user.id);
                  }}
                >
                  {t('users.editRoles')}
                </Button>
                <Button size="small" variant="text" onClick={() => void toggleDisabled(user)}>
                  {user.disabled ? t('users.enable') : t('users.disable')}
                </Button>
              </ActionsCell>
            </tr>
          )}
        />
      )}
    </Card>
  );
}
