/** The app's layouts and their pieces. */
export { MainLayout } from './MainLayout.tsx';
export { AuthLayout } from './AuthLayout.tsx';
export { TopBar } from './TopBar.tsx';
export { Sidebar } from './Sidebar.tsx';
export { navTabsFor } from './nav-tabs.ts';
export { useEffectiveMode } from './use-effective-mode.ts';
