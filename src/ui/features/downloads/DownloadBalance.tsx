import { Link } from 'react-router';
import styled from 'styled-components';
import { Icon } from '../../components/index.ts';
import { useUserInfo } from '../../stores/session.store.ts';
import { useDownloadBalance } from './use-download-balance.ts';

const Chip = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 4px 10px;
  border-radius: 14px;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
  white-space: nowrap;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
  & > [data-short] {
    display: none;
  }
  /* Phones: the count alone, so the top bar keeps its other buttons. */
  @media (max-width: 759px) {
    & > [data-long] {
      display: none;
    }
    & > [data-short] {
      display: inline;
    }
  }
`;

/**
 * The top bar's balance: remaining downloads (or unlimited), linking to the plans; on phones
 * only the count shows, the full words stay its name and tooltip.
 */
export function DownloadBalance() {
  const balance = useDownloadBalance();
  const quota = useUserInfo()?.downloadQuota;
  if (!balance) return null;
  return (
    <Chip
      to="/profile/fieldset"
      data-testid="download-balance"
      title={balance}
      aria-label={balance}
    >
      <Icon name="download" size={14} />
      <span data-long>{balance}</span>
      <span data-short aria-hidden>
        {quota === null ? '∞' : quota}
      </span>
    </Chip>
  );
}
