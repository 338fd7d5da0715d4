import { describe, expect, it } from 'vitest';
import {
  validateCode,
  validateConfirm,
  validateEmail,
  validateInvitation,
  validatePassword,
} from './validation.ts';

describe('account validation (docs/PRODUCT.md §5)', () => {
  it('requires a well-formed account', () => {
    expect(validateEmail('  ')).toBe('validation.usernameRequired');
    expect(validateEmail('demo@yinku')).toBe('validation.accountNotStandard');
    expect(validateEmail('de mo@yinku.local')).toBe('validation.accountNotStandard');
    expect(validateEmail(' demo@yinku.local ')).toBeNull();
  });

  it('refuses passwords under 6 characters', () => {
    expect(validatePassword('')).toBe('validation.passwordRequired');
    expect(validatePassword('12345')).toBe('validation.passwordTooShort');
    expect(validatePassword('123456')).toBeNull();
  });

  it('checks the invitation code format XXX_XXX, optional', () => {
    expect(validateInvitation('')).toBeNull();
    expect(validateInvitation('DEM_001')).toBeNull();
    expect(validateInvitation('DEM-001')).toBe('validation.invitationFormat');
    expect(validateInvitation('DEMO_01')).toBe('validation.invitationFormat');
  });

  it('checks codes and the repeated password', () => {
    expect(validateCode('')).toBe('validation.codeRequired');
    expect(validateCode('12a456')).toBe('validation.codeFormat');
    expect(validateCode('123456')).toBeNull();
    expect(validateConfirm('abcdef', 'abcdeg')).toBe('validation.passwordMismatch');
    expect(validateConfirm('abcdef', 'abcdef')).toBeNull();
  });
});
