import { Outlet } from 'react-router';
import { NavigationTracker } from '../features/navigation/NavigationTracker.tsx';
import { SelectionTracker } from '../features/sounds/index.tsx';
import { SignInFlow } from '../features/auth/index.ts';

/**
 * The root route's element: records history and tabs, sets the title, clears a selection left
 * behind, offers a visitor the sign-in (and carries on after it), renders the layout.
 */
export function AppFrame() {
  return (
    <>
      <NavigationTracker />
      <SelectionTracker />
      <SignInFlow />
      <Outlet />
    </>
  );
}
