import { INVITATION_CODE_PATTERN, PASSWORD_MIN_LENGTH } from '../../../shared/index.ts';
import type { zh } from './locales/zh.ts';

/** A validation message key of the `auth` namespace, or null when the value is fine. */
export type ValidationKey = `validation.${keyof typeof zh.validation}` | null;

/** Pragmatic e-mail shape: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The account (e-mail): required, then well-formed (docs/PRODUCT.md §5 texts). */
export function validateEmail(value: string): ValidationKey {
  const email = value.trim();
  if (!email) return 'validation.usernameRequired';
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return 'validation.accountNotStandard';
  return null;
}

/** The password: required, at least 6 characters (docs/PRODUCT.md §5). */
export function validatePassword(value: string): ValidationKey {
  if (!value) return 'validation.passwordRequired';
  if (value.length < PASSWORD_MIN_LENGTH) return 'validation.passwordTooShort';
  return null;
}

/** The repeated password must match. */
export function validateConfirm(password: string, confirm: string): ValidationKey {
  return password === confirm ? null : 'validation.passwordMismatch';
}

/** The e-mailed code: 6 digits. */
export function validateCode(value: string): ValidationKey {
  const code = value.trim();
  if (!code) return 'validation.codeRequired';
  if (!/^\d{6}$/.test(code)) return 'validation.codeFormat';
  return null;
}

/** The optional invitation code: empty, or XXX_XXX (docs/PRODUCT.md §5). */
export function validateInvitation(value: string): ValidationKey {
  const code = value.trim();
  if (!code) return null;
  return INVITATION_CODE_PATTERN.test(code) ? null : 'validation.invitationFormat';
}
