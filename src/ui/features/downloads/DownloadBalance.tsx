import { Link } from 'react-router';
import styled from 'styled-components';
import { Icon } from '../../components/index.ts';
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
`;

/** The top bar's balance: remaining downloads (or unlimited), linking to the plans. */
export function DownloadBalance() {
  const balance = useDownloadBalance();
  if (!balance) return null;
  return (
    <Chip to="/profile/fieldset" data-testid="download-balance" title={balance}>
      <Icon name="download" size={14} />
      {balance}
    </Chip>
  );
}
