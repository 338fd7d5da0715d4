import { createHmac, randomInt } from 'node:crypto';
import type { Language } from '../../src/shared/languages.ts';
import type { CodePurpose } from './accounts.repository.ts';
import type { Mail } from './mailer.ts';

/** A uniformly random 6-digit code (leading zeros kept). */
export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The stored form of a code: keyed HMAC bound to address and purpose, so a database copy does
 * not reveal live codes by a 10^6 lookup table and a code cannot serve another address.
 */
export function hashEmailCode(secret: Buffer, email: string, purpose: CodePurpose, code: string) {
  return createHmac('sha256', secret)
    .update(`${email.toLowerCase()}\n${purpose}\n${code}`)
    .digest('hex');
}

const TEXT = {
  zh: {
    register: { subject: '音库注册验证码', action: '注册音库账号' },
    reset: { subject: '音库重置密码验证码', action: '重置音库密码' },
    body: (action: string, code: string, minutes: number) =>
      `您好！\n\n您正在${action}，验证码是：${code}\n\n验证码 ${minutes} 分钟内有效。如果这不是您本人的操作，请忽略本邮件。\n\n—— 音库 Yinku`,
  },
  en: {
    register: { subject: 'Your Yinku sign-up code', action: 'create a Yinku account' },
    reset: { subject: 'Your Yinku password reset code', action: 'reset your Yinku password' },
    body: (action: string, code: string, minutes: number) =>
      `Hello,\n\nYou asked to ${action}. Your code is: ${code}\n\nIt is valid for ${minutes} minutes. If this was not you, ignore this mail.\n\n— Yinku 音库`,
  },
} as const;

/** The code mail in the language the client asked for (`appKey`). */
export function codeMail(
  to: string,
  code: string,
  purpose: CodePurpose,
  language: Language,
  lifetimeMs: number,
): Mail {
  const text = TEXT[language];
  return {
    to,
    subject: text[purpose].subject,
    text: text.body(text[purpose].action, code, Math.round(lifetimeMs / 60_000)),
  };
}
