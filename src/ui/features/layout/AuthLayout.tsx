import { Outlet } from 'react-router';
import styled from 'styled-components';
import { Logo } from './Logo.tsx';
import { ModeAndLanguage } from './ModeAndLanguage.tsx';

const Screen = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  & > a {
    margin-right: auto;
  }
`;

const Center = styled.main`
  flex: 1;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  & > * {
    width: min(420px, 100%);
  }
`;

/** Layout of the account screens: logo, mode and language, the form centred. */
export function AuthLayout() {
  return (
    <Screen>
      <Header>
        <Logo />
        <ModeAndLanguage />
      </Header>
      <Center>
        <Outlet />
      </Center>
    </Screen>
  );
}
