import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../shared/index.ts';
import { Icon, IconButton, Menu } from '../../components/index.ts';
import { setDisplayMode, switchLanguage } from '../preferences/index.ts';
import { useEffectiveMode } from './use-effective-mode.ts';

/** Light/dark toggle and language menu, shown in the top bar and on the account screens. */
export function ModeAndLanguage() {
  const { t } = useTranslation(['layout', 'common']);
  const mode = useEffectiveMode();
  return (
    <>
      <IconButton
        icon={mode === 'dark' ? 'sun' : 'moon'}
        label={mode === 'dark' ? t('theme.toLight') : t('theme.toDark')}
        data-testid="theme-toggle"
        onClick={() => setDisplayMode(mode === 'dark' ? 'light' : 'dark')}
      />
      <Menu
        label={t('language')}
        trigger={<Icon name="globe" />}
        items={LANGUAGES.map((language) => ({
          key: language,
          label: t(`common:languages.${language}`),
          onSelect: () => void switchLanguage(language),
        }))}
      />
    </>
  );
}
