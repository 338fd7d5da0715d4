import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useUserInfo } from '../../stores/session.store.ts';
import { SearchBar } from '../sounds/index.tsx';
import { HomeShowcase } from './HomeShowcase.tsx';

const Hero = styled.main`
  flex: 1;
  color: #e5eaf3;
  padding: ${({ theme }) => theme.space(12)} ${({ theme }) => theme.space(6)};
  @media (max-width: 599px) {
    padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  }
  max-width: 1100px;
  width: 100%;
  margin: 0 auto;
  & h1 {
    margin: 0;
    font-size: clamp(28px, 5vw, 48px);
    line-height: 1.2;
  }
  & > p {
    max-width: 640px;
    margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(6)};
    color: #a3a6ad;
    font-size: ${({ theme }) => theme.font.large};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  & a {
    padding: 12px 24px;
    border-radius: ${({ theme }) => theme.radius.medium};
    text-decoration: none;
    font-weight: 600;
    border: 1px solid ${({ theme }) => theme.colors.primary};
    color: #e5eaf3;
  }
  & a:first-child {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

const Features = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: ${({ theme }) => theme.space(16)} 0 0;
  padding: 0;
  list-style: none;
  & li {
    padding: ${({ theme }) => theme.space(5)};
    border-radius: ${({ theme }) => theme.radius.medium};
    background: rgba(255, 255, 255, 0.04);
    border: 1px solid rgba(255, 255, 255, 0.08);
  }
  & h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.large};
    color: ${({ theme }) => theme.colors.primary};
  }
  & p {
    margin: 0;
    color: #a3a6ad;
  }
`;

const Search = styled.div`
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const FEATURES = ['instant', 'organised', 'chinese'] as const;

/**
 * The home page: dark background in both modes, no breadcrumb (docs/PRODUCT.md §2); search, trending packs
 * and new sounds that play on click (issue 17 §8).
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const userInfo = useUserInfo();
  return (
    <Hero>
      <h1>{t('title')}</h1>
      <p>{t('subtitle')}</p>
      <Search>
        <SearchBar autoFocus={false} />
      </Search>
      <Actions>
        <Link to="/sounds">{t('browse')}</Link>
        {!userInfo && <Link to="/register">{t('join')}</Link>}
      </Actions>
      <HomeShowcase />
      <Features>
        {FEATURES.map((key) => (
          <li key={key}>
            <h2>{t(`features.${key}Title`)}</h2>
            <p>{t(`features.${key}Text`)}</p>
          </li>
        ))}
      </Features>
    </Hero>
  );
}
