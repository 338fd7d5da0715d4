import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Muted, PageTitle } from '../components/index.ts';

/** The 404 page, for /404 and any path no route matches. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <PageTitle>{t('errors.notFoundTitle')}</PageTitle>
      <Muted>{t('errors.notFoundText')}</Muted>
      <p>
        <Link to="/">{t('errors.goHome')}</Link>
      </p>
    </Card>
  );
}
