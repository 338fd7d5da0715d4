import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSelection } from '../model/selection.store.ts';
import { sample } from '../testing/render.tsx';
import { SelectionTracker } from './SelectionTracker.tsx';

beforeEach(() => useSelection.setState({ selected: [], anchor: null, detail: null, list: null }));

describe('SelectionTracker', () => {
  it('clears the selection when the user leaves the list it was made in', async () => {
    render(
      <MemoryRouter initialEntries={['/sounds/instruments/asset/All:Drums?sort=NAME']}>
        <SelectionTracker />
        <Link to="/sounds/instruments/asset/All:Drums?sort=NEWEST">newest</Link>
        <Link to="/sounds/genres">genres</Link>
      </MemoryRouter>,
    );
    act(() => useSelection.getState().toggle([sample(1), sample(2)], 0, false));
    // Another sort of the same list keeps it.
    await userEvent.click(screen.getByRole('link', { name: 'newest' }));
    expect(useSelection.getState().selected.map((s) => s.id)).toEqual([1]);
    await userEvent.click(screen.getByRole('link', { name: 'genres' }));
    expect(useSelection.getState().selected).toEqual([]);
  });
});
