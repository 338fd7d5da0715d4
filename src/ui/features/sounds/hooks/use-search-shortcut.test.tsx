import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLayoutStore } from '../../../stores/layout.store.ts';
import { useSearchShortcut } from './use-search-shortcut.ts';

function Page() {
  useSearchShortcut();
  return <input aria-label="BPM" />;
}

beforeEach(() => {
  useLayoutStore.setState({ searchOpen: false, searchFocus: 0 });
});

describe('search shortcut', () => {
  it('/ and Ctrl/Cmd+K open and focus the search from the page', () => {
    render(<Page />);
    fireEvent.keyDown(document.body, { key: '/' });
    expect(useLayoutStore.getState()).toMatchObject({ searchOpen: true, searchFocus: 1 });
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'K', metaKey: true });
    expect(useLayoutStore.getState().searchFocus).toBe(3);
  });

  it('leaves the keys to another field being typed in', () => {
    render(<Page />);
    const field = screen.getByRole('textbox', { name: 'BPM' });
    fireEvent.keyDown(field, { key: '/' });
    fireEvent.keyDown(field, { key: 'k', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(useLayoutStore.getState()).toMatchObject({ searchOpen: false, searchFocus: 0 });
  });
});
