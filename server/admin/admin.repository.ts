import type {
  AdminInvite,
  AdminSample,
  AdminUser,
  AuditEntry,
  AuditKind,
  InviteKind,
  PermissionId,
  SampleEdit,
} from '../../src/shared/api/admin.types.ts';
import type { AdminPack, PackEdit } from '../../src/shared/api/admin-pack.types.ts';

/** Who makes a change and when: every write below adds its audit row in the same transaction. */
export interface Actor {
  userId: number;
  now: number;
}

/** A stored role (ADMIN's permissions are not stored: it holds every one). */
export interface RoleRecord {
  code: string;
  name: string;
  builtIn: boolean;
  permissions: PermissionId[];
  userCount: number;
}

/** Why a change to a user was refused. */
export type UserChangeRefusal = 'unknownUser' | 'unknownRole' | 'lastAdmin';

/** A window of a list: rows `offset`.. `offset + limit`. */
export interface Window {
  offset: number;
  limit: number;
}

/** A find of the samples screen: by pack and/or by a part of the name. */
export interface SampleQuery extends Window {
  packCode?: string;
  keyword?: string;
}

/** A page of the spreadsheet export: samples after `afterId` by id (keyset, not offset). */
export interface SheetPageQuery {
  packCode?: string;
  afterId: number;
  limit: number;
}

/** One sample's edit from a spreadsheet, with its fields as the preview read them. */
export interface SheetEdit {
  id: number;
  before: SampleEdit;
  edit: SampleEdit;
}

/** An invitation code to create. */
export interface NewInvite {
  code: string;
  kind: InviteKind;
  uses: number;
  expiresAt: number | null;
}

/** How a pack's deletion ended: deleted, not there, or refused since someone acquired some of it. */
export type PackDeleteOutcome = 'deleted' | 'missing' | 'acquired';

/** Storage of roles, user roles and states, invitation codes and the audit log (docs/ADMIN.md). */
export interface AdminRepository {
  /** Users whose e-mail contains `keyword` (all without one), newest first, and their total. */
  findUsers(query: Window & { keyword?: string }): Promise<{ records: AdminUser[]; total: number }>;
  /** One user, or null. */
  findUser(id: number): Promise<AdminUser | null>;
  /**
   * Replaces a user's roles. Refused for an unknown user or role, and when it would leave no
   * enabled account holding ADMIN.
   */
  setUserRoles(
    userId: number,
    roles: readonly string[],
    actor: Actor,
  ): Promise<{ ok: true } | { ok: false; reason: UserChangeRefusal }>;
  /**
   * Disables an account (every session of it ends at once) or enables it again; refused for an
   * unknown user and for the last enabled ADMIN.
   */
  setUserDisabled(
    userId: number,
    disabled: boolean,
    actor: Actor,
  ): Promise<{ ok: true } | { ok: false; reason: Exclude<UserChangeRefusal, 'unknownRole'> }>;

  /** Every role with its permissions and holders, built-in ones first. */
  listRoles(): Promise<RoleRecord[]>;
  /** Creates a role; false when its code is taken. */
  createRole(
    role: { code: string; name: string; permissions: readonly PermissionId[] },
    actor: Actor,
  ): Promise<boolean>;
  /** Renames a role and replaces its permissions; false for an unknown role. */
  updateRole(
    code: string,
    role: { name: string; permissions: readonly PermissionId[] },
    actor: Actor,
  ): Promise<boolean>;
  /** Deletes an operator's role (its holders lose it); false for an unknown or built-in role. */
  deleteRole(code: string, actor: Actor): Promise<boolean>;
  /** The role the users screen proposes for new staff. */
  staffDefaultRole(): Promise<string>;
  /** Sets the default role for staff; false for an unknown role. */
  setStaffDefaultRole(code: string, actor: Actor): Promise<boolean>;

  /** Every invitation code with who used it, newest first. */
  listInvites(): Promise<AdminInvite[]>;
  /** Creates an invitation code; false when it exists. */
  createInvite(invite: NewInvite, actor: Actor): Promise<boolean>;
  /** Revokes a code (it starts and finishes no assessment any more); false when unknown or revoked. */
  revokeInvite(code: string, actor: Actor): Promise<boolean>;

  /** Samples of a pack and/or whose name (either language) contains the keyword, by id. */
  findSamples(query: SampleQuery): Promise<{ records: AdminSample[]; total: number }>;
  /**
   * Applies one edit to every sample of `ids` with an audit row each, in one transaction; null,
   * and nothing changed, when any id is unknown.
   */
  editSamples(
    ids: readonly number[],
    edit: SampleEdit,
    actor: Actor,
  ): Promise<AdminSample[] | null>;

  /** A page of the metadata spreadsheet's export (docs/api/admin.md "Spreadsheet"). */
  sheetSamples(query: SheetPageQuery): Promise<AdminSample[]>;
  /** The samples of `ids` that exist, by id. */
  samplesByIds(ids: readonly number[]): Promise<AdminSample[]>;
  /**
   * Applies a spreadsheet's edits in one transaction, one audit row per sample; refused, and
   * nothing changed, when a sample is gone or a field differs from its `before`.
   */
  applySheet(
    edits: readonly SheetEdit[],
    actor: Actor,
  ): Promise<{ ok: true } | { ok: false; stale: number[] }>;
  /** A pack as the Packs screen shows it, or null (docs/ADMIN.md "Packs"). */
  readPack(code: string): Promise<AdminPack | null>;
  /** Applies an edit (fields, publication) with its audit row; null, nothing changed, when unknown. */
  editPack(code: string, edit: PackEdit, actor: Actor): Promise<AdminPack | null>;
  /** Sets a pack's cover (a stored blob) with its audit row; false when unknown. */
  setPackCover(
    code: string,
    cover: { hash: string; mediaType: string },
    actor: Actor,
  ): Promise<boolean>;
  /** Deletes a pack and its samples with an audit row; refused while anyone acquired some of it. */
  deletePack(code: string, actor: Actor): Promise<PackDeleteOutcome>;

  /** Writes one audit row for a change made elsewhere (a review finding's accept, reject or fix). */
  recordAudit(
    entry: { action: string; target: string; before: unknown; after: unknown },
    actor: Actor,
  ): Promise<void>;
  /** The audit log, newest first, and its total; `kind` keeps the actions `kind.*` (`user`, …). */
  auditLog(
    window: Window & { kind?: AuditKind },
  ): Promise<{ records: AuditEntry[]; total: number }>;
}
