import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { DEFAULTS, LANGUAGES, SORTS, type Language } from '../../../shared/index.ts';
import {
  Button,
  Card,
  PageTitle,
  Select,
  Slider,
  Switch,
  TextField,
} from '../../components/index.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import {
  DesktopDownloadRoot,
  getDesktopBridge,
  setDesktopStartup,
  useDesktopSettingsSync,
} from '../downloads/index.ts';
import { setDisplayMode, switchLanguage } from './preferences.actions.ts';

const Rows = styled.div`
  display: flex;
  flex-direction: column;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(140px, 220px) 1fr;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child {
    border-bottom: none;
  }
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
    gap: ${({ theme }) => theme.space(2)};
  }
  & small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Inline = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  & input[type='color'] {
    width: 44px;
    height: 32px;
    padding: 0;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    background: none;
  }
  & label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
`;

const SliderBox = styled.div`
  width: 220px;
`;

const Grow = styled.div`
  flex: 1;
  min-width: 220px;
`;

function Setting({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Row>
      <div>
        <strong>{label}</strong>
        {hint && <small>{hint}</small>}
      </div>
      <Inline>{children}</Inline>
    </Row>
  );
}

/** /preferences: language, display mode, main colour, asset sort, volume, download path, start-up, offline. */
export function PreferencesPage() {
  const { t } = useTranslation(['preferences', 'common']);
  const settings = useSettingsStore();
  const mode = settings.displayMode ?? 'system';
  // In the desktop shell the download path and start-up go through its bridge.
  const desktop = getDesktopBridge();
  useDesktopSettingsSync(desktop);
  return (
    <Card>
      <PageTitle>{t('title')}</PageTitle>
      <Rows>
        <Setting label={t('language')}>
          <Select<Language>
            aria-label={t('language')}
            value={settings.language}
            onChange={(language) => void switchLanguage(language)}
            options={LANGUAGES.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
          />
        </Setting>
        <Setting label={t('theme')}>
          <div role="radiogroup" aria-label={t('theme')}>
            <Inline>
              {(['system', 'light', 'dark'] as const).map((option) => (
                <label key={option}>
                  <input
                    type="radio"
                    name="display-mode"
                    value={option}
                    checked={mode === option}
                    onChange={() =>
                      option === 'system'
                        ? settings.set('displayMode', null)
                        : setDisplayMode(option)
                    }
                  />
                  {option === 'system' ? t('followSystem') : t(`common:modes.${option}`)}
                </label>
              ))}
            </Inline>
          </div>
        </Setting>
        <Setting label={t('mainColour')}>
          <input
            type="color"
            aria-label={t('mainColour')}
            value={settings.mainColour}
            onChange={(event) => settings.set('mainColour', event.target.value)}
          />
          <code>{settings.mainColour}</code>
          <Button size="small" onClick={() => settings.set('mainColour', DEFAULTS.mainColour)}>
            {t('resetColour')}
          </Button>
        </Setting>
        <Setting label={t('assetSort')}>
          <Select
            aria-label={t('assetSort')}
            value={settings.assetSort}
            onChange={(sort) => settings.set('assetSort', sort)}
            options={SORTS.map((s) => ({
              value: s,
              label: t(`filters.sorts.${s}`, { ns: 'sounds' }),
            }))}
          />
        </Setting>
        <Setting label={t('volume')}>
          <SliderBox>
            <Slider
              label={t('volume')}
              min={0}
              max={100}
              step={1}
              value={Math.round(settings.volume * 100)}
              onChange={(value) => settings.set('volume', value / 100)}
            />
          </SliderBox>
          <span>{Math.round(settings.volume * 100)}%</span>
        </Setting>
        <Setting label={t('downloadPath')} hint={t('downloadPathHint')}>
          {desktop ? (
            <DesktopDownloadRoot bridge={desktop} label={t('downloadPath')} />
          ) : (
            <Grow>
              <TextField
                label={t('downloadPath')}
                placeholder={t('downloadPathPlaceholder')}
                value={settings.downloadPath}
                onChange={(event) => settings.set('downloadPath', event.target.value)}
              />
            </Grow>
          )}
        </Setting>
        <Setting label={t('appStartup')} hint={t('appStartupHint')}>
          <Switch
            label={t('appStartup')}
            checked={settings.appStartup}
            onChange={(on) =>
              desktop ? void setDesktopStartup(desktop, on) : settings.set('appStartup', on)
            }
          />
        </Setting>
        <Setting
          label={t('stayOffline')}
          hint={t(desktop ? 'stayOfflineHintDesktop' : 'stayOfflineHint')}
        >
          <Switch
            label={t('stayOffline')}
            checked={settings.stayOffline}
            onChange={(on) => settings.set('stayOffline', on)}
          />
          {settings.stayOffline && desktop && (
            <Link to="/sounds/offline">{t('offlineLibrary')}</Link>
          )}
        </Setting>
      </Rows>
    </Card>
  );
}
