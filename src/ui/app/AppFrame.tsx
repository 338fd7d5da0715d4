import { Outlet } from 'react-router';
import { NavigationTracker } from '../features/navigation/NavigationTracker.tsx';

/** The root route's element: records history and tabs, sets the title, renders the layout. */
export function AppFrame() {
  return (
    <>
      <NavigationTracker />
      <Outlet />
    </>
  );
}
