import { describe, expect, it } from 'vitest';
import {
  validateCode,
  validateConfirm,
  validateEmail,
  validateInvitation,
  validatePassword,
} from './validation.ts';

describe('account validation (docs/PRODUCT.md §5)', () => {
  // A well-formed account is required: the message key of its problem, or null.
  it.each([
    ['  ', 'validation.usernameRequired'],
    ['demo@yinku', 'validation.accountNotStandard'],
    ['de mo@yinku.local', 'validation.accountNotStandard'],
    [' demo@yinku.local ', null],
  ])('validateEmail(%j) is %j', (account, problem) => expect(validateEmail(account)).toBe(problem));

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
