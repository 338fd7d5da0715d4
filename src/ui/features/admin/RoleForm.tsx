import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../components/index.ts';
import { useUserInfo } from '../../stores/session.store.ts';
import { ROLE_CODE_PATTERN, type Permission, type PermissionId } from '../../../shared/index.ts';
import { FormRow } from './admin-table.ts';

/**
 * A role's form: code (new roles only), name, and a checkbox per permission with its name,
 * identifier and description. A permission the operator lacks cannot be ticked: the gateway
 * refuses it too (docs/ADMIN.md).
 */
export function RoleForm(props: {
  permissions: Permission[];
  initial?: { code: string; name: string; permissions: PermissionId[] };
  onSave: (role: { code: string; name: string; permissions: PermissionId[] }) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const held = useUserInfo()?.permissions ?? [];
  const [code, setCode] = useState(props.initial?.code ?? '');
  const [name, setName] = useState(props.initial?.name ?? '');
  const [chosen, setChosen] = useState<PermissionId[]>(props.initial?.permissions ?? []);
  const [busy, setBusy] = useState(false);
  const codeOk = ROLE_CODE_PATTERN.test(code);
  const toggle = (id: PermissionId) =>
    setChosen((list) => (list.includes(id) ? list.filter((p) => p !== id) : [...list, id]));
  const save = async () => {
    setBusy(true);
    await props
      .onSave({ code, name: name.trim(), permissions: chosen })
      .finally(() => setBusy(false));
  };
  return (
    <div data-role-form>
      <FormRow>
        {!props.initial && (
          <TextField
            label={t('roles.code')}
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            error={code && !codeOk ? t('roles.codeRule') : undefined}
          />
        )}
        <TextField
          label={t('roles.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </FormRow>
      <fieldset>
        <legend>{t('roles.permissions')}</legend>
        {props.permissions.map((permission) => (
          <label key={permission.identifier} style={{ display: 'block', margin: '4px 0' }}>
            <input
              type="checkbox"
              checked={chosen.includes(permission.identifier)}
              disabled={!held.includes(permission.identifier)}
              onChange={() => toggle(permission.identifier)}
            />{' '}
            <strong>{permission.name}</strong> <code>{permission.identifier}</code> —{' '}
            {permission.description}
          </label>
        ))}
      </fieldset>
      <FormRow>
        <Button
          size="small"
          variant="primary"
          loading={busy}
          disabled={!codeOk || !name.trim()}
          onClick={() => void save()}
        >
          {t('users.save')}
        </Button>
        <Button size="small" variant="text" onClick={props.onCancel}>
          {t('users.cancel')}
        </Button>
      </FormRow>
    </div>
  );
}
