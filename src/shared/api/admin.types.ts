import type { Language } from '../languages.ts';
import type { RoleCode } from './account.types.ts';
import type { MusicalKey, SampleKind } from './catalogue.types.ts';
import type { Order } from './commerce.types.ts';

/**
 * Every permission the gateway checks (docs/ADMIN.md). A permission is code, not data: the
 * gateway enforces it on routes, so operators group them into roles but cannot invent new ones.
 */
export const PERMISSION_IDS = [
  'catalogue.edit',
  'review.manage',
  'users.manage',
  'roles.manage',
  'invites.manage',
  'insight.read',
  'audit.read',
] as const;

/** A permission's identifier (`users.manage`). */
export type PermissionId = (typeof PERMISSION_IDS)[number];

/** Each permission's name and description in both languages (the roles screen lists them). */
export const PERMISSION_TEXTS: Record<
  PermissionId,
  { name: Record<Language, string>; description: Record<Language, string> }
> = {
  'catalogue.edit': {
    name: { zh: '编辑曲库', en: 'Edit the catalogue' },
    description: {
      zh: '上传、编辑、发布与删除音色包和采样',
      en: 'Upload, edit, publish and delete packs and samples',
    },
  },
  'review.manage': {
    name: { zh: '审核队列', en: 'Review queue' },
    description: {
      zh: '处理入库检查发现的问题',
      en: 'Accept, fix or reject the findings of ingest checks',
    },
  },
  'users.manage': {
    name: { zh: '人员管理', en: 'Personnel' },
    description: {
      zh: '查找用户，修改其角色，停用账号',
      en: 'Find users, change their roles, disable accounts',
    },
  },
  'roles.manage': {
    name: { zh: '角色管理', en: 'Roles' },
    description: {
      zh: '新建、修改与删除角色，设置员工默认角色',
      en: 'Create, change and delete roles; set the default role for staff',
    },
  },
  'invites.manage': {
    name: { zh: '邀请码', en: 'Invitation codes' },
    description: {
      zh: '创建与撤销邀请码，查看使用者',
      en: 'Create and revoke invitation codes, see who used them',
    },
  },
  'insight.read': {
    name: { zh: '数据洞察', en: 'Insight' },
    description: {
      zh: '查看播放、下载与搜索统计',
      en: 'See plays, downloads and search figures',
    },
  },
  'audit.read': {
    name: { zh: '审计日志', en: 'Audit log' },
    description: {
      zh: '查看每一次管理操作：谁、何时、前后变化',
      en: 'See every admin change: who, when, before and after',
    },
  },
};

/** The roles every installation has; they cannot be deleted, and ADMIN holds every permission. */
export const BUILT_IN_ROLES: readonly RoleCode[] = ['ORDINARY', 'CREATOR', 'ADMIN'];

/** A role code an operator may give a new role: capitals, digits and `_`, 2–32 characters. */
export const ROLE_CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,31}$/;

/** A permission as the roles screen lists it. */
export interface Permission {
  identifier: PermissionId;
  /** Name and description in the request's language. */
  name: string;
  description: string;
}

/** A role with its permissions. */
export interface AdminRole {
  code: string;
  name: string;
  builtIn: boolean;
  permissions: PermissionId[];
  /** Accounts holding the role. */
  userCount: number;
}

/** GET admin/roles: the roles, the permission catalogue and the default role for staff. */
export interface RolesOverview {
  roles: AdminRole[];
  permissions: Permission[];
  staffDefaultRole: string;
}

/** A user as the users screen lists it. */
export interface AdminUser {
  id: number;
  email: string;
  roles: string[];
  plan: string;
  /** Downloads left (credits); null means unlimited. */
  downloadQuota: number | null;
  orderCount: number;
  disabled: boolean;
  createdAt: string;
}

/** GET admin/users/{id}: the user and their orders. */
export interface AdminUserDetail {
  user: AdminUser;
  orders: Order[];
}

/** Who spent a use of an invitation code (a finished assessment). */
export interface InviteUse {
  userId: number;
  email: string;
  /** Epoch ms. */
  at: number;
}

/** What finishing an assessment with a code grants (docs/ADMIN.md "Default role for staff"). */
export const INVITE_KINDS = ['creator', 'staff'] as const;

/** An invitation code's kind. */
export type InviteKind = (typeof INVITE_KINDS)[number];

/** An invitation code as the invitations screen lists it. */
export interface AdminInvite {
  code: string;
  /** `creator` grants CREATOR; `staff` grants CREATOR and the default role for staff. */
  kind: InviteKind;
  usesLeft: number;
  /** Epoch ms, or null: never expires. */
  expiresAt: number | null;
  /** Epoch ms of the revocation, or null. */
  revokedAt: number | null;
  usedBy: InviteUse[];
}

/** One admin change: who, when, what, before → after (JSON values). */
export interface AuditEntry {
  id: number;
  /** Epoch ms. */
  at: number;
  actorId: number;
  actorEmail: string;
  /** What was done (`user.roles`, `role.create`, `invite.revoke`, …). */
  action: string;
  /** What it was done to (`user:12`, `role:EDITOR`, `invite:ABC_123`). */
  target: string;
  before: string | null;
  after: string | null;
}

/** The kinds of audit actions (an action's first part: `user.roles` is of kind `user`). */
export const AUDIT_KINDS = [
  'user',
  'role',
  'settings',
  'invite',
  'review',
  'sample',
  'pack',
] as const;

/** A kind of audit action, the audit log's filter. */
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** A page of an admin list (totals are exact). */
export interface AdminPage<T> {
  records: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Where a review finding stands: open, or accepted, fixed or rejected by an operator. */
export type ReviewFindingStatus = 'open' | 'accepted' | 'fixed' | 'rejected';

/** GET admin/review: one finding of an ingest check (docs/LIBRARY.md "Review findings"). */
export interface ReviewFinding {
  id: number;
  /** The sample it is about; null for a file that was not imported (`INVALID_AUDIO`). */
  sampleId: number | null;
  fileName: string;
  /** `TEMPO_MISMATCH`, `CLIPPING`, … as docs/ADMIN.md lists them. */
  code: string;
  /** The measurements behind it (JSON values). */
  detail: Record<string, string | number | boolean | null>;
  status: ReviewFindingStatus;
}

/** POST admin/packs/{packCode}/files: what an upload did, file by file (docs/api/admin.md). */
export interface PackUploadReport {
  packCode: string;
  /** Files stored as samples of the pack. */
  imported: { fileName: string; sampleId: number }[];
  /** Audio files not stored, and why (a corrupt one also becomes an INVALID_AUDIO finding). */
  skipped: { fileName: string; reason: string }[];
  /** Files that are not audio by their name (a cover, `.DS_Store`), left out. */
  ignored: string[];
  /** Review findings the checks made. */
  findings: number;
}

/** A sample as the samples screen lists and edits it. */
export interface AdminSample {
  id: number;
  packCode: string;
  fileName: string;
  nameZh: string;
  nameEn: string;
  /** Tempo in BPM, or null (none labelled). */
  bpm: number | null;
  /** `C`, `F#m`, … or null (none labelled). */
  audioKey: MusicalKey | null;
  kind: SampleKind;
  tags: string[];
}

/** The fields of a sample an operator may change (docs/ADMIN.md "Sample metadata"). */
export type SampleEdit = Partial<Omit<AdminSample, 'id' | 'packCode' | 'fileName'>>;

/** The editable fields, in the order the samples screen shows them. */
export const SAMPLE_EDIT_FIELDS = ['nameZh', 'nameEn', 'bpm', 'audioKey', 'kind', 'tags'] as const;

/** Limits of a sample edit, shared by the gateway's schema and the screen's inputs. */
export const SAMPLE_EDIT_LIMITS = {
  name: 120,
  bpm: { min: 20, max: 999 },
  tags: 20,
  tag: 40,
  /** Samples one bulk edit may change. */
  bulk: 500,
} as const;

/** POST admin/samples/bulk: the same edit on each of `ids`, all or none. */
export interface SampleBulkEdit {
  ids: number[];
  edit: SampleEdit;
}
