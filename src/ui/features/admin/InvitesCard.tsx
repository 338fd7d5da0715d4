import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { Button, Card, Muted, PageTitle, Select, TextField } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import {
  INVITATION_CODE_PATTERN,
  INVITE_KINDS,
  type AdminInvite,
  type InviteKind,
} from '../../../shared/index.ts';
import { ActionsCell, AdminRows, HeadRow, LoadStatus } from './admin-parts.tsx';
import { Chip, FormRow, WideOnly } from './admin-table.ts';

/** The end of a `yyyy-mm-dd` day in local time, as epoch ms; null for no date. */
const endOfDay = (date: string): number | null =>
  date ? new Date(`${date}T23:59:59`).getTime() : null;

/** Create a code (typed or drawn, XXX_XXX), with its kind, uses and expiry. */
function NewInvite(props: { onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<InviteKind>('creator');
  const [uses, setUses] = useState('10');
  const [expires, setExpires] = useState('');
  const count = Number(uses);
  const codeOk = code === '' || INVITATION_CODE_PATTERN.test(code);
  const usesOk = Number.isInteger(count) && count >= 1 && count <= 100_000;
  const create = () =>
    adminApi
      .createInvite({ code: code || undefined, kind, uses: count, expiresAt: endOfDay(expires) })
      .then(
        () => {
          setCode('');
          props.onDone();
        },
        () => undefined,
      );
  return (
    <FormRow>
      <TextField
        label={t('invites.code')}
        placeholder="ABC_123"
        value={code}
        onChange={(event) => setCode(event.target.value.toUpperCase())}
        error={codeOk ? undefined : t('invites.codeRule')}
      />
      <Select
        label={t('invites.kind')}
        value={kind}
        onChange={setKind}
        options={INVITE_KINDS.map((k) => ({ value: k, label: t(`invites.kinds.${k}`) }))}
      />
      <TextField
        label={t('invites.uses')}
        inputMode="numeric"
        value={uses}
        onChange={(event) => setUses(event.target.value)}
        error={usesOk ? undefined : t('invites.usesRule')}
      />
      <TextField
        label={t('invites.expires')}
        type="date"
        value={expires}
        onChange={(event) => setExpires(event.target.value)}
      />
      <Button
        size="small"
        variant="primary"
        disabled={!codeOk || !usesOk}
        onClick={() => void create()}
      >
        {t('invites.create')}
      </Button>
    </FormRow>
  );
}

/** The invitation codes: create, revoke, and who used each. */
export function InvitesCard() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const invites = useLoad(adminApi.invites);
  // The moment the screen opened: a code is shown expired from then on (a reload refreshes it).
  const [openedAt] = useState(Date.now);
  const date = (at: number) => new Date(at).toLocaleDateString(i18n.language);
  const state = (invite: AdminInvite) =>
    invite.revokedAt !== null
      ? t('invites.revoked')
      : invite.expiresAt !== null && invite.expiresAt < openedAt
        ? t('invites.expired')
        : t('invites.active');
  return (
    <Card data-admin="invites">
      <PageTitle>{t('invites.title')}</PageTitle>
      <WideOnly>
        <NewInvite onDone={invites.reload} />
      </WideOnly>
      <LoadStatus load={invites} />
      {invites.data && (
        <AdminRows
          head={
            <HeadRow
              labels={[
                t('invites.code'),
                t('invites.kind'),
                t('invites.usesLeft'),
                t('invites.expires'),
                t('users.state'),
                t('invites.usedBy'),
              ]}
              actions
            />
          }
          items={invites.data}
          row={(invite) => (
            <tr key={invite.code} data-invite={invite.code}>
              <td>
                <code>{invite.code}</code>
              </td>
              <td>{t(`invites.kinds.${invite.kind}`)}</td>
              <td>{invite.usesLeft}</td>
              <td>{invite.expiresAt === null ? t('invites.never') : date(invite.expiresAt)}</td>
              <td>{state(invite)}</td>
              <td>
                {invite.usedBy.length === 0 && <Muted>—</Muted>}
                {invite.usedBy.map((use) => (
                  <Chip key={use.userId} title={date(use.at)}>
                    {use.email}
                  </Chip>
                ))}
              </td>
              <ActionsCell>
                {invite.revokedAt === null && (
                  <Button
                    size="small"
                    variant="text"
                    onClick={() =>
                      void adminApi.revokeInvite(invite.code).then(invites.reload, () => undefined)
                    }
                  >
                    {t('invites.revoke')}
                  </Button>
                )}
              </ActionsCell>
            </tr>
          )}
        />
      )}
    </Card>
  );
}
