import { useState } from 'react';
import type { ApiRequestError } from '../../api/http-error.ts';
import type { ValidationKey } from './validation.ts';

/** Form state with per-field validators; errors show after a field is left or on submit. */
export function useForm<F extends string>(
  initial: Record<F, string>,
  validators: Partial<Record<F, (values: Record<F, string>) => ValidationKey>>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<F | 'form', string>>>({});

  const validate = (field: F): ValidationKey => validators[field]?.(values) ?? null;

  return {
    values,
    /** Props for a TextField bound to `field`. */
    bind(field: F) {
      return {
        name: field,
        value: values[field],
        onChange: (event: { target: { value: string } }) => {
          setValues((v) => ({ ...v, [field]: event.target.value }));
          setServerErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
        },
        onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
      };
    },
    /** The message key to show under `field` (validation first, then the gateway's text). */
    error(field: F): { key: ValidationKey; text?: string } {
      const key = touched[field] ? validate(field) : null;
      return { key, text: key ? undefined : serverErrors[field] };
    },
    formError: serverErrors.form,
    /** Marks every field touched; answers whether all are valid. */
    check(): boolean {
      const fields = Object.keys(initial) as F[];
      setTouched(Object.fromEntries(fields.map((f) => [f, true])) as Record<F, boolean>);
      return fields.every((f) => validate(f) === null);
    },
    /** Shows a gateway error under its field when it names one of ours, else above the form. */
    showServerError(error: ApiRequestError) {
      const field = error.field && error.field in initial ? (error.field as F) : 'form';
      setServerErrors({ [field]: error.message } as Partial<Record<F | 'form', string>>);
    },
  };
}
