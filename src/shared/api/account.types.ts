import type { Language } from '../languages.ts';
import type { PermissionId } from './admin.types.ts';

/** Role codes; ORDINARY (or no role) is the basic one (docs/PRODUCT.md §6). */
const ROLE_CODES = ['ORDINARY', 'CREATOR', 'ADMIN'] as const;

/** A role code. */
export type RoleCode = (typeof ROLE_CODES)[number];

/** A role as the profile lists it. */
export interface Role {
  roleCode: RoleCode;
}

/** A sidebar menu entry from the profile (docs/PRODUCT.md §3). */
export interface Menu {
  /** Stable id of the entry (e.g. `instruments`, `stockroomPacks`), whatever the language. */
  key?: string;
  /** Display name in the request's language (Accept-Language). */
  name: string;
  path: string;
  selected: boolean;
  children: Menu[];
}

/** A sample type the user works with (from the assessment). */
export interface SampleType {
  name: string;
}

/** The profile (docs/PRODUCT.md §3 userInfo) plus account facts. */
export interface UserInfo {
  id: number;
  email: string;
  roles: Role[];
  /** Every permission the user's roles grant (docs/ADMIN.md); the /admin page needs one. */
  permissions: PermissionId[];
  menus: Menu[];
  sampleTypes: SampleType[];
  /** Downloads left in the current plan; null means unlimited. */
  downloadQuota: number | null;
  plan: string;
  createdAt: string;
}

/** GET test-connection: the gateway is up; `demoLogin` only while the demo login works there. */
export interface ConnectionCheck {
  ok: true;
  time: string;
  demoLogin: { email: string; password: string } | null;
}

/** Login body (docs/PRODUCT.md §3): password is lowercase hex SHA-256 of what the user typed. */
export interface LoginPayload {
  email: string;
  password: string;
  loginType: 'EMAIL';
}

/** Tokens from login and refresh. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Access-token lifetime (ms). */
  expiresIn: number;
}

/** sendCode body: appKey is the UI language. */
export interface SendCodePayload {
  email: string;
  appKey: Language;
  purpose: 'register' | 'reset';
}

/** Register body. */
export interface RegisterPayload {
  email: string;
  password: string;
  code: string;
}

/** Password reset body. */
export interface PasswordResetPayload {
  email: string;
  code: string;
  password: string;
}

/** Password update body (signed in). */
export interface PasswordUpdatePayload {
  oldPassword: string;
  password: string;
}

/** Client-key registration body and answer (docs/api/playback.md). */
export interface ClientKeyPayload {
  publicKey: string;
}

/** Answer of client-key registration. */
export interface ClientKeyAnswer {
  keyId: string;
}

/** One assessment question. */
export interface AssessmentQuestion {
  id: string;
  text: string;
  options: { value: string; label: string }[];
  multiple: boolean;
}

/** Answer of assessment start. */
export interface AssessmentStart {
  assessmentId: string;
  questions: AssessmentQuestion[];
}

/** Body of assessment finish. */
export interface AssessmentFinishPayload {
  assessmentId: string;
  answers: Record<string, string[]>;
}
