import { messageTable } from '../http/api-error.ts';

/** The accounts area's error messages in both API languages. */
export const ACCOUNT_MESSAGES = messageTable({
  badCredentials: { zh: '邮箱或密码错误', en: 'Wrong e-mail or password' },
  loginThrottled: {
    zh: '登录尝试过多，请稍后再试',
    en: 'Too many sign-in attempts, please try again later',
  },
  codeThrottled: {
    zh: '验证码发送过于频繁，请稍后再试',
    en: 'A code was sent recently, please wait before asking again',
  },
  sendFailed: { zh: '发送失败', en: 'Sending the e-mail failed' },
  codeWrong: { zh: '验证码错误', en: 'Wrong verification code' },
  codeMissing: {
    zh: '验证码无效，请重新获取',
    en: 'No valid verification code, please request one',
  },
  codeExpired: {
    zh: '验证码已过期，请重新获取',
    en: 'The code has expired, please request a new one',
  },
  codeLocked: {
    zh: '验证码错误次数过多，请重新获取',
    en: 'Too many wrong tries, please request a new code',
  },
  emailTaken: { zh: '该邮箱已注册', en: 'This e-mail address is already registered' },
  accountDisabled: { zh: '该账号已被停用', en: 'This account has been disabled' },
  oldPasswordWrong: { zh: '原密码错误', en: 'The current password is wrong' },
  samePassword: {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the current one',
  },
  refreshReused: {
    zh: '登录凭证已被使用，请重新登录',
    en: 'This refresh token was already used; please sign in again',
  },
  badPublicKey: {
    zh: '公钥必须是 RSA-OAEP 2048 位（SHA-256）的 base64 SPKI',
    en: 'publicKey must be a base64 SPKI of an RSA-OAEP 2048-bit (SHA-256) key',
  },
  invitationUnknown: {
    zh: '邀请码不存在或已用完',
    en: 'Unknown invitation code, or it has no uses left',
  },
  assessmentUnknown: { zh: '测评不存在或已结束', en: 'No such open assessment' },
});
