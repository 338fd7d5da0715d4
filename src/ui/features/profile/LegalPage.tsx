import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card, PageTitle } from '../../components/index.ts';

const Text = styled.div`
  max-width: 760px;
  line-height: 1.8;
  & p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

/** The privacy policy or terms of service (/profile/privacy-policy, /profile/terms-service, /profile/terms). */
export function LegalPage({ kind }: { kind: 'privacy' | 'terms' }) {
  const { t } = useTranslation('profile');
  const paragraphs = t(`legal.${kind}`, { returnObjects: true }) as string[];
  return (
    <Card>
      <PageTitle>{t(kind === 'privacy' ? 'legal.privacyTitle' : 'legal.termsTitle')}</PageTitle>
      <Text>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Text>
    </Card>
  );
}
