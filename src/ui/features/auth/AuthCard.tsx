import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card } from '../../components/index.ts';

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.title};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

/** A form-level error above the fields (gateway errors that name no field). */
const FormAlert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.danger};
`;

/** A row of secondary links under a form. */
export const Links = styled.div`
  display: flex;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.small};
`;

/**
 * The card around an account form: title, the form-level error, the fields, the submit button
 * (busy while the call runs) and what follows it (no native validation: ours is inline).
 */
export function AuthCard({
  title,
  onSubmit,
  formError,
  submitLabel,
  busy,
  children,
  after,
}: {
  title: string;
  onSubmit: () => void;
  formError: string | undefined;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
  /** Under the button: secondary links, hints. */
  after?: ReactNode;
}) {
  return (
    <Card>
      <Title>{title}</Title>
      <Form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {formError && <FormAlert role="alert">{formError}</FormAlert>}
        {children}
        <Button type="submit" variant="primary" block loading={busy}>
          {submitLabel}
        </Button>
        {after}
      </Form>
    </Card>
  );
}
