import { useId, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { inputStyles } from './TextField.tsx';
import { fieldLabel } from './styles.ts';

/** One option of a Select. */
export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

/** A labelled group of options (rendered as an optgroup). */
export interface SelectGroup<V extends string = string> {
  label: string;
  options: SelectOption<V>[];
}

/** Props of Select: flat options or groups, and a typed change callback. */
export interface SelectProps<V extends string> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value'
> {
  value: V | '';
  onChange: (value: V) => void;
  options?: SelectOption<V>[];
  groups?: SelectGroup<V>[];
  /** Visible label; when absent, pass `aria-label`. */
  label?: string;
  placeholder?: string;
}

const Native = styled.select`
  ${inputStyles}
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  &:focus {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Wrap = styled.label`
  ${fieldLabel}
  & > select {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.font.body};
  }
`;

/** A native select (keyboard and screen-reader friendly) in the app's style. */
export function Select<V extends string>({
  value,
  onChange,
  options = [],
  groups = [],
  label,
  placeholder,
  ...rest
}: SelectProps<V>) {
  const id = useId();
  const select = (
    <Native id={id} value={value} onChange={(event) => onChange(event.target.value as V)} {...rest}>
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
      {groups.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {g.options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </optgroup>
      ))}
    </Native>
  );
  if (!label) return select;
  return (
    <Wrap htmlFor={id}>
      {label}
      {select}
    </Wrap>
  );
}
