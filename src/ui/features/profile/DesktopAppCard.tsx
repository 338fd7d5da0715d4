import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button, Card, Muted } from '../../components/index.ts';
import { getDesktopBridge } from '../downloads/index.ts';

const Command = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  overflow-x: auto;
  user-select: all;
`;

/**
 * The account page's desktop-app card: inside the desktop window it says so and opens the
 * download folder; in a browser it says what the app does and how to get and open it — the
 * `npm run desktop` of docs/DESKTOP.md (issue 30 §10: it used to say "ask your administrator").
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
      <p>{t('ac.installGet')}</p>
      <Command>{t('ac.installCommand')}</Command>
      <p>{t('ac.installOpen')}</p>
      <Muted>{t('ac.installMore')}</Muted>
    </Card>
  );
}
