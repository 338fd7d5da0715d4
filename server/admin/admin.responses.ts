import {
  INVITE_KINDS,
  PERMISSION_IDS,
  type AdminInvite,
  type AdminPage,
  type AdminSample,
  type AdminUser,
  type AdminUserDetail,
  type AuditEntry,
  type ReviewFinding,
  type RolesOverview,
} from '../../src/shared/api/admin.types.ts';
import type { AdminPack } from '../../src/shared/api/admin-pack.types.ts';
import { CATEGORIES, MUSICAL_KEYS, SAMPLE_KINDS } from '../../src/shared/api/catalogue.types.ts';
import { orderSchema } from '../commerce/commerce.responses.ts';
import {
  arrayOf,
  boolean,
  integer,
  integerOrNull,
  object,
  oneOf,
  text,
  textOrNull,
  texts,
  type Assert,
  type SameShape,
} from '../http/response-schema.ts';

// The admin answers as response schemas (docs/API.md#typed-routes), proved the same shape as
// src/shared/api/admin.types.ts by the Assert lines.

const permissionId = oneOf(PERMISSION_IDS);

/** A user as the users screen lists it. */
export const adminUserSchema = object({
  id: integer,
  email: text,
  roles: texts,
  plan: text,
  downloadQuota: integerOrNull,
  orderCount: integer,
  disabled: boolean,
  createdAt: text,
});

/** A page of users. */
export const adminUsersSchema = object({
  records: arrayOf(adminUserSchema),
  total: integer,
  page: integer,
  pageSize: integer,
});

/** One user and their orders. */
export const adminUserDetailSchema = object({
  user: adminUserSchema,
  orders: arrayOf(orderSchema),
});

/** The roles, the permission catalogue and the default role for staff. */
export const rolesOverviewSchema = object({
  roles: arrayOf(
    object({
      code: text,
      name: text,
      builtIn: boolean,
      permissions: arrayOf(permissionId),
      userCount: integer,
    }),
  ),
  permissions: arrayOf(object({ identifier: permissionId, name: text, description: text })),
  staffDefaultRole: text,
});

/** Every invitation code with who used it. */
export const invitesSchema = arrayOf(
  object({
    code: text,
    kind: oneOf(INVITE_KINDS),
    usesLeft: integer,
    expiresAt: integerOrNull,
    revokedAt: integerOrNull,
    usedBy: arrayOf(object({ userId: integer, email: text, at: integer })),
  }),
);

/** A page of the audit log. */
export const auditPageSchema = object({
  records: arrayOf(
    object({
      id: integer,
      at: integer,
      actorId: integer,
      actorEmail: text,
      action: text,
      target: text,
      before: textOrNull,
      after: textOrNull,
    }),
  ),
  total: integer,
  page: integer,
  pageSize: integer,
});

/** A review finding; `detail` holds the check's measurements under their own names. */
export const reviewFindingSchema = object({
  id: integer,
  sampleId: integerOrNull,
  fileName: text,
  code: text,
  detail: {
    type: 'object',
    additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
  } as const,
  status: oneOf(['open', 'accepted', 'fixed', 'rejected']),
});

/** A sample as the samples screen lists and edits it. */
export const adminSampleSchema = object({
  id: integer,
  packCode: text,
  fileName: text,
  nameZh: text,
  nameEn: text,
  bpm: integerOrNull,
  audioKey: { type: ['string', 'null'], enum: [...MUSICAL_KEYS, null] } as const,
  kind: oneOf(SAMPLE_KINDS),
  tags: texts,
});

/** A page of samples. */
export const adminSamplesSchema = object({
  records: arrayOf(adminSampleSchema),
  total: integer,
  page: integer,
  pageSize: integer,
});

/** Compile-time proofs that each schema is its shared type. */
export type AdminShapes = [
  Assert<SameShape<typeof adminUsersSchema, AdminPage<AdminUser>>>,
  Assert<SameShape<typeof adminUserDetailSchema, AdminUserDetail>>,
  Assert<SameShape<typeof rolesOverviewSchema, RolesOverview>>,
  Assert<SameShape<typeof invitesSchema, AdminInvite[]>>,
  Assert<SameShape<typeof auditPageSchema, AdminPage<AuditEntry>>>,
  Assert<SameShape<typeof reviewFindingSchema, ReviewFinding>>,
  Assert<SameShape<typeof adminSamplesSchema, AdminPage<AdminSample>>>,
];

/** A pack as the Packs screen edits it. */
export const adminPackSchema = object({
  code: text,
  nameZh: text,
  nameEn: text,
  brand: text,
  category: oneOf(CATEGORIES),
  primaryName: text,
  secondaryNames: texts,
  descriptionZh: text,
  descriptionEn: text,
  tags: texts,
  published: boolean,
  sampleCount: integer,
  acquiredBy: integer,
  coverType: textOrNull,
});
export type AdminPackShapes = [Assert<SameShape<typeof adminPackSchema, AdminPack>>];
