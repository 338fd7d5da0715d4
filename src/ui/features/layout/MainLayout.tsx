import { Outlet, useLocation } from 'react-router';
import styled from 'styled-components';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useLayoutStore } from '../../stores/layout.store.ts';
import { usePlayerStore, SamplePlayerBar } from '../../player/index.ts';
import { MusicPlayerBar, SongDetailsPanel } from '../music/index.tsx';
import { Breadcrumbs, HistoryButtons, TabsBar } from '../navigation/index.ts';
import {
  CategorySelect,
  dawDrag,
  DetailPanel,
  downloadSampleAsHeard,
  SearchBar,
  SelectionPanel,
  useSearchShortcut,
} from '../sounds/index.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TOP_BAR_HEIGHT, TopBar } from './TopBar.tsx';

const Shell = styled.div<{ $home: boolean }>`
  /* What sticks under the top bar (the grid's header, the sidebar) reads this. */
  --yinku-sticky-top: ${TOP_BAR_HEIGHT}px;
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  background: ${({ theme, $home }) => ($home ? theme.colors.homeBackground : theme.colors.background)};
`;

const NavStrip = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The page scrolls as one (docs/UI.md "One scroll"): side columns stick under the top bar. */
const Frame = styled.div`
  display: flex;
  flex: 1;
  align-items: flex-start;
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  @media (max-width: 599px) {
    padding: ${({ theme }) => theme.space(2)};
  }
`;

const CrumbRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Page = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)};
`;

/** The sounds frame (paths containing /sounds): sidebar, breadcrumb, panels, player. */
function SoundsFrame() {
  const wide = useMediaQuery('(min-width: 960px)');
  return (
    <>
      <Frame>
        {wide && <Sidebar />}
        <Main>
          {!wide && <Sidebar compact />}
          <CrumbRow>
            <Breadcrumbs />
            <CategorySelect />
          </CrumbRow>
          <Outlet />
        </Main>
        <DetailPanel />
      </Frame>
      <SelectionPanel />
      <SamplePlayerBar onDownloadAsHeard={downloadSampleAsHeard} dawDrag={dawDrag} />
    </>
  );
}

/** The /songai frame: the page beside the song-details panel, the music player below. */
function MusicFrame() {
  return (
    <>
      <Frame>
        <Main>
          <CrumbRow>
            <Breadcrumbs />
          </CrumbRow>
          <Outlet />
        </Main>
        <SongDetailsPanel />
      </Frame>
      <MusicPlayerBar />
    </>
  );
}

/** New sounds on the home page play on click: once one has, the player shows what plays. */
function HomePlayer() {
  const started = usePlayerStore((s) => s.song !== null);
  return started ? (
    <SamplePlayerBar onDownloadAsHeard={downloadSampleAsHeard} dawDrag={dawDrag} />
  ) : null;
}

/**
 * The main layout: top bar, history and tabs, the search bar on every page (`/` or Ctrl/Cmd+K),
 * then the frame the current path needs.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  const home = pathname === '/';
  const searchOpen = useLayoutStore((s) => s.searchOpen);
  useSearchShortcut();
  return (
    <Shell $home={home}>
      <TopBar />
      {!home && (
        <NavStrip>
          <HistoryButtons />
          <TabsBar />
        </NavStrip>
      )}
      {searchOpen && <SearchBar />}
      {pathname.includes('/sounds') ? (
        <SoundsFrame />
      ) : pathname.startsWith('/songai') ? (
        <MusicFrame />
      ) : home ? (
        <>
          <Outlet />
          <HomePlayer />
        </>
      ) : (
        <Page>
          <CrumbRow>
            <Breadcrumbs />
          </CrumbRow>
          <Outlet />
        </Page>
      )}
    </Shell>
  );
}
