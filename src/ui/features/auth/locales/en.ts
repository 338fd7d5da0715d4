import type { LocaleShape } from '../../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** Account-screen strings (namespace `auth`), English. */
export const en: LocaleShape<typeof zh> = {
  fields: {
    email: 'E-mail',
    emailPlaceholder: 'name@example.com',
    password: 'Password',
    newPassword: 'New password',
    oldPassword: 'Current password',
    confirmPassword: 'Confirm password',
    code: 'Verification code',
    invitation: 'Invitation code',
    invitationPlaceholder: 'XXX_XXX',
  },
  validation: {
    usernameRequired: 'Please enter your user name',
    accountNotStandard: 'The account is not in a valid format',
    passwordTooShort: 'The password cannot be less than 6 characters',
    passwordRequired: 'Please enter your password',
    passwordMismatch: 'The two passwords do not match',
    codeRequired: 'Please enter the verification code',
    codeFormat: 'The verification code is 6 digits',
    invitationFormat: 'Invitation code format error, the format is XXX_XXX',
  },
  prompt: {
    like: 'Sign in to like',
    download: 'Sign in to download',
    signIn: 'Sign in',
    close: 'Close',
  },
  login: {
    title: 'Personal login',
    submit: 'Log in',
    register: 'Register',
    forgot: 'Forgot password',
    invitationTitle: 'Invitation code',
    invitationHint: 'Have an invitation code? Start the creator assessment after logging in.',
    startAssessment: 'Start assessment',
    demoHint: 'Demo account: {{email}} / {{password}}',
  },
  register: {
    title: 'Register',
    sendCode: 'Send code',
    resendIn: 'Resend in {{seconds}} s',
    submit: 'Register',
    success: 'Registered successfully',
    codeSent: 'Code sent successfully',
    codeFailed: 'Sending failed',
    haveAccount: 'Already registered? Log in',
  },
  forgot: {
    title: 'Forgot password',
    submit: 'Reset password',
    success: 'Password reset successfully',
    backToLogin: 'Back to login',
  },
  update: {
    title: 'Change password',
    submit: 'Change password',
    success: 'Password changed',
  },
  assessment: {
    title: 'Creator assessment',
    intro:
      'Answer a few questions about what you make. When you finish you become a creator and unlock the Music and Pricing pages.',
    progress: 'Page {{page}} of {{total}}',
    nextPage: 'Next page',
    tips: 'Assessment tips',
    tipsText:
      'Choose at least one answer per question; some questions accept several. Your answers tune the sound types we suggest.',
    continue: 'Continue',
    finish: 'Finish',
    congratulations: 'Congratulations',
    congratulationsText:
      'Assessment complete! You are now a creator and can use the Music and Pricing pages.',
    goSounds: 'Start browsing sounds',
    chooseOne: 'Please choose at least one answer',
    needLogin: 'Fill in your e-mail and password first: the assessment starts after login',
  },
};
