import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/http-error.ts';
import type { ValidationKey } from './validation.ts';

/**
 * Form state with per-field validators for the account screens: errors show after a field is left
 * or on submit, translated; `submit` validates, runs the call with `busy` set, and shows a gateway
 * refusal under the field it names (else above the form).
 */
export function useForm<F extends string>(
  initial: Record<F, string>,
  validators: Partial<Record<F, (values: Record<F, string>) => ValidationKey>>,
) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<F | 'form', string>>>({});
  const [busy, setBusy] = useState(false);

  const fields = Object.keys(initial) as F[];
  const validate = (field: F): ValidationKey => validators[field]?.(values) ?? null;
  const check = (): boolean => {
    setTouched(Object.fromEntries(fields.map((f) => [f, true])) as Record<F, boolean>);
    return fields.every((f) => validate(f) === null);
  };

  const bind = (field: F) => {
    return {
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [field]: event.target.value }));
        setServerErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
      },
      onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    };
  };

  const message = (field: F): string | null => {
    const key = touched[field] ? validate(field) : null;
    return key ? t(key) : (serverErrors[field] ?? null);
  };

  return {
    values,
    busy,
    /** Props for a TextField bound to `field`. */
    bind,
    /** The message to show under `field`: its validation text first, then the gateway's. */
    message,
    /** Props for a TextField bound to `field`, with its message under it. */
    field(field: F) {
      return { error: message(field), ...bind(field) };
    },
    formError: serverErrors.form,
    /** Marks every field touched; answers whether all are valid. */
    check,
    /** Validates, then runs `action` with `busy` set; a gateway refusal is shown in the form. */
    async submit(action: () => Promise<void>): Promise<void> {
      if (!check()) return;
      setBusy(true);
      try {
        await action();
      } catch (error) {
        if (!(error instanceof ApiRequestError)) return;
        const field = error.field && error.field in initial ? (error.field as F) : 'form';
        setServerErrors({ [field]: error.message } as Partial<Record<F | 'form', string>>);
      } finally {
        setBusy(false);
      }
    },
  };
}
