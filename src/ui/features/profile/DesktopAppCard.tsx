import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Card, Muted } from '../../components/index.ts';
import { getDesktopBridge } from '../downloads/index.ts';

/**
 * The account page's desktop-app card: inside the desktop window it says so and opens the
 * download folder; in a browser it says what the app does, how to open it and how to get it.
 */
export function DesktopAppCard() {
  const { t } = useTranslation('profile');
  const bridge = getDesktopBridge();
  const [root, setRoot] = useState('');
  useEffect(() => {
    bridge?.getDownloadRoot().then(setRoot, () => {});
  }, [bridge]);
  if (bridge)
    return (
      <Card id="install" data-desktop="in-app">
        <h2>{t('ac.desktopTitle')}</h2>
        <Muted>{t('ac.desktopInApp', { version: bridge.version })}</Muted>
        {root && <p data-testid="desktop-root">{t('ac.desktopRoot', { root })}</p>}
        <p>
          <Button icon="folder" onClick={() => void bridge.openFolder().catch(() => {})}>
            {t('ac.desktopOpenFolder')}
          </Button>{' '}
          <Link to="/preferences">{t('ac.desktopSettings')}</Link>
        </p>
      </Card>
    );
  return (
    <Card id="install" data-desktop="browser">
      <h2>{t('ac.installTitle')}</h2>
      <Muted>{t('ac.installText')}</Muted>
      <ul>
        <li>{t('ac.installOpen')}</li>
        <li>{t('ac.installGet')}</li>
      </ul>
    </Card>
  );
}
