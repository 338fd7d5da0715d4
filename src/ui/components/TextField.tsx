import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';

/** Props of TextField: a labelled input with an inline error or hint under it. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Something beside the input, e.g. a "send code" button. */
  addon?: ReactNode;
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

/** The shared look of text inputs (also used by Select). */
export const inputStyles = `
  flex: 1;
  min-width: 0;
  height: 36px;
  padding: 0 10px;
  border-radius: 4px;
  outline: none;
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${inputStyles}
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  &:focus {
    border-color: ${({ theme, $invalid }) =>
      $invalid ? theme.colors.danger : theme.colors.primary};
  }
`;

const Message = styled.div<{ $error: boolean }>`
  min-height: 18px;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

/** A text input with label and inline validation message (aria-invalid + aria-describedby). */
export function TextField({ label, error, hint, addon, ...inputProps }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Row>
        <Input
          id={id}
          $invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          {...inputProps}
        />
        {addon}
      </Row>
      <Message id={messageId} $error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error || hint}
      </Message>
    </Field>
  );
}
