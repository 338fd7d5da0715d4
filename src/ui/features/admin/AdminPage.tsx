import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PageTitle } from '../../components/index.ts';
import './locales/index.ts'; // registers the admin strings (they load with this page)
import { useUserInfo } from '../../stores/session.store.ts';
import { PacksCard } from './packs/PacksCard.tsx';
import { RolesCard } from './RolesCard.tsx';
import { UsersCard } from './UsersCard.tsx';
import { AuditCard } from './AuditCard.tsx';
import { InvitesCard } from './InvitesCard.tsx';
import { SamplesCard } from './samples/SamplesCard.tsx';
import { InsightCard } from './insight/InsightCard.tsx';
import { SheetCard } from './sheet/SheetCard.tsx';

const Stack = styled.div`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its card instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
`;

/**
 * /admin: the operator's console (docs/ADMIN.md). Each card shows only for its permission; the
 * gateway refuses the calls of the others anyway.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const permissions = useUserInfo()?.permissions ?? [];
  return (
    <Stack>
      <PageTitle>{t('title')}</PageTitle>
      {permissions.includes('users.manage') && <UsersCard />}
      {permissions.includes('roles.manage') && <RolesCard />}
      {permissions.includes('catalogue.edit') && <PacksCard />}
      {permissions.includes('catalogue.edit') && <SamplesCard />}
      {permissions.includes('catalogue.edit') && <SheetCard />}
      {permissions.includes('invites.manage') && <InvitesCard />}
      {permissions.includes('audit.read') && <AuditCard />}
      {permissions.includes('insight.read') && <InsightCard />}
    </Stack>
  );
}
