import { Outlet } from 'react-router';
import { NavigationTracker } from '../features/navigation/NavigationTracker.tsx';
import { SelectionTracker } from '../features/sounds/index.tsx';

/**
 * The root route's element: records history and tabs, sets the title, clears a selection left
 * behind, renders the layout.
 */
export function AppFrame() {
  return (
    <>
      <NavigationTracker />
      <SelectionTracker />
      <Outlet />
    </>
  );
}
