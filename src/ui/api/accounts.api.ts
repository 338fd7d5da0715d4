import {
  API,
  type AssessmentFinishPayload,
  type AssessmentStart,
  type ConnectionCheck,
  type Language,
  type TokenPair,
  type UserInfo,
} from '../../shared/index.ts';
import { useSessionStore } from '../stores/session.store.ts';
import { http, type RequestOptions } from './http.client.ts';
import { hashPassword } from './password-hash.ts';

/** Account calls; passwords are hashed here so no caller can forget (docs/PRODUCT.md §3 "sent hashed"). */
export const accountsApi = {
  /** Logs in and records the tokens. Errors are silent: the login form shows them inline. */
  async login(email: string, password: string): Promise<TokenPair> {
    const pair = await http.post<TokenPair>(
      API.login,
      { email: email.trim(), password: await hashPassword(password), loginType: 'EMAIL' },
      { silent: true },
    );
    useSessionStore.getState().setTokens(pair);
    return pair;
  },
  /** Whether the gateway answers, and its demo login when that works (the login page's hint). */
  connection(options: RequestOptions = {}): Promise<ConnectionCheck> {
    return http.get<ConnectionCheck>(API.testConnection, { silent: true, ...options });
  },
  /** The current user's profile. */
  profile(options: RequestOptions = {}): Promise<UserInfo> {
    return http.get<UserInfo>(API.profile, options);
  },
  /** Sends an e-mail code for registration or a password reset; appKey is the UI language. */
  sendCode(email: string, appKey: Language, purpose: 'register' | 'reset'): Promise<unknown> {
    return http.post(API.sendCode, { email: email.trim(), appKey, purpose }, { silent: true });
  },
  /** Registers an account with the e-mailed code. */
  async register(email: string, password: string, code: string): Promise<unknown> {
    return http.post(
      API.register,
      { email: email.trim(), password: await hashPassword(password), code: code.trim() },
      { silent: true },
    );
  },
  /** Sets a new password with an e-mailed code. */
  async resetPassword(email: string, code: string, password: string): Promise<unknown> {
    return http.post(
      API.passwordReset,
      { email: email.trim(), code: code.trim(), password: await hashPassword(password) },
      { silent: true },
    );
  },
  /**
   * Changes the password of the signed-in user. The gateway revokes the old session and answers a
   * new token pair: keep it, or the next refresh would sign the user out.
   */
  async updatePassword(oldPassword: string, password: string): Promise<TokenPair> {
    const pair = await http.post<TokenPair>(
      API.passwordUpdate,
      { oldPassword: await hashPassword(oldPassword), password: await hashPassword(password) },
      { silent: true },
    );
    useSessionStore.getState().setTokens(pair);
    return pair;
  },
  /** Starts the creator assessment with an invitation code (XXX_XXX). */
  startAssessment(invitationCode: string): Promise<AssessmentStart> {
    return http.post<AssessmentStart>(
      API.assessmentStart,
      { invitationCode: invitationCode.trim() },
      { silent: true },
    );
  },
  /** Finishes the assessment; answers the updated profile (CREATOR role, sampleTypes). */
  finishAssessment(payload: AssessmentFinishPayload): Promise<UserInfo> {
    return http.post<UserInfo>(API.assessmentFinish, payload);
  },
};
