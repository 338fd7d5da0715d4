import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSounds } from '../testing/render.tsx';
import { SearchTerms } from './SearchTerms.tsx';

const location = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');
const chips = (name = '搜索词') =>
  Array.from(screen.getByRole('list', { name }).querySelectorAll('li'), (li) => li.textContent);

describe('SearchTerms', () => {
  it('shows a tempo and a key read from the keyword as chips, each removable', async () => {
    renderSounds(<SearchTerms keyword="trap 140 A小调" answer={null} />);
    expect(chips()).toEqual(['trap', 'BPM 137–143', 'A 小调']);
    await userEvent.click(screen.getByRole('button', { name: '移除搜索词 BPM 137–143' }));
    expect(location()).toBe('/sounds/search/track/trap A小调/samples');
  });

  it('shows the term as typed when the filter bar sets that filter', () => {
    renderSounds(<SearchTerms keyword="piano Am 90" answer={null} />, {
      path: '/sounds/search/track/x/samples?key=C',
      language: 'en',
    });
    expect(chips('Search terms')).toEqual(['piano', 'Am', 'BPM 87–93']);
  });

  it('offers the readings it did not apply when nothing was found', async () => {
    renderSounds(<SearchTerms keyword="kick 120" answer={{ total: 0 }} />);
    await userEvent.click(screen.getByRole('button', { name: '把“120”当作搜索词' }));
    expect(location()).toBe('/sounds/search/track/kick "120"/samples');
  });

  it('offers nothing else while something was found', () => {
    renderSounds(<SearchTerms keyword="kick 120" answer={{ total: 3 }} />);
    expect(screen.queryByText('换一种理解：')).toBeNull();
  });
});
