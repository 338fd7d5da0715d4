import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { Sample } from '../../../../shared/index.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { makeTheme } from '../../../theme/index.ts';

/** Shows the router's current location so tests can assert navigations. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a sounds component with theme, router (at `path`) and i18n in `language`. */
export function renderSounds(
  ui: ReactElement,
  { path = '/sounds', language = 'zh' }: { path?: string; language?: 'zh' | 'en' } = {},
): RenderResult {
  void i18n.changeLanguage(language);
  return render(
    <ThemeProvider theme={makeTheme('light')}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** A one-page answer of a similarity search: the samples `ids`, most similar first. */
export function similarPage(...ids: number[]) {
  return {
    records: ids.map((id) => sample(id)),
    total: ids.length,
    page: 1,
    pageSize: 20,
    scores: ids.map((_, i) => 0.9 - i / 10),
  };
}

/** A full sample for component tests. */
export function sample(id: number, overrides: Partial<Sample> = {}): Sample {
  return {
    id,
    icon: `/api/v2/packs/P${id}/cover`,
    audioName: `Kick ${id}`,
    names: { zh: `底鼓 ${id}`, en: `Kick ${id}` },
    audioKey: 'Am',
    audioBpm: 120,
    audioBrand: 'Yinku Labs',
    audioType: 'Drums',
    audioGroup: 'Kick',
    category: 'instruments',
    audioData: {
      format: 'wav',
      sampleRate: 44100,
      channels: 2,
      bitDepth: 16,
      sizeBytes: 4096,
      tags: ['punchy'],
      kind: 'oneshot',
    },
    download: false,
    likes: false,
    relayAudioUrl: `/api/v2/tt-audios/play/${id}`,
    duration: 1.5,
    packCode: 'P1',
    packName: 'Drum Pack',
    popularity: 1,
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** jsdom lays nothing out: give every element a size so the virtualizer renders rows. */
export function fakeLayout(height = 600, width = 1200): () => void {
  const saved = (['clientHeight', 'clientWidth'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => height,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => width,
  });
  return () => {
    for (const [name, descriptor] of saved)
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  };
}
