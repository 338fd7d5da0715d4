import type {
  AssessmentStart,
  ClientKeyAnswer,
  ConnectionCheck,
  Menu,
  TokenPair,
  UserInfo,
} from '../../src/shared/api/account.types.ts';
import { PERMISSION_IDS } from '../../src/shared/api/admin.types.ts';
import {
  arrayOf,
  boolean,
  integer,
  integerOrNull,
  object,
  oneOf,
  text,
} from '../http/response-schema.ts';
import type { Assert, SameShape } from '../http/response-schema.ts';

// The account answers as response schemas (docs/API.md#typed-routes), each proved the same shape
// as its type in src/shared/api/account.types.ts by the Assert lines.

/** Tokens of login, refresh, register and password update. */
export const tokenPairSchema = object({
  accessToken: text,
  refreshToken: text,
  expiresIn: integer,
});

// The sidebar menus are two levels deep (profile.ts); an entry of the second level has none.
const menuEntry = <const C extends object>(children: C) =>
  object({ key: text, name: text, path: text, selected: boolean, children }, ['key']);
const leafMenu = menuEntry({ type: 'array', maxItems: 0 } as const);

/** The profile. */
export const userInfoSchema = object({
  id: integer,
  email: text,
  roles: arrayOf(object({ roleCode: oneOf(['ORDINARY', 'CREATOR', 'ADMIN'] as const) })),
  permissions: arrayOf(oneOf(PERMISSION_IDS)),
  menus: arrayOf(menuEntry(arrayOf(leafMenu))),
  sampleTypes: arrayOf(object({ name: text })),
  downloadQuota: integerOrNull,
  plan: text,
  createdAt: text,
});

/** GET test-connection. */
export const connectionCheckSchema = object({
  ok: { type: 'boolean', const: true },
  time: text,
  demoLogin: {
    anyOf: [object({ email: text, password: text }), { type: 'null' }],
  },
});

/** The client-key registration's answer. */
export const clientKeyAnswerSchema = object({ keyId: text });

/** The assessment's questions. */
export const assessmentStartSchema = object({
  assessmentId: text,
  questions: arrayOf(
    object({
      id: text,
      text,
      options: arrayOf(object({ value: text, label: text })),
      multiple: boolean,
    }),
  ),
});

/** Menu, as deep as profile.ts builds it: the schema cannot say "Menu[]" without a $ref. */
type TwoLevelMenu = Omit<Menu, 'children'> & {
  children: (Omit<Menu, 'children'> & { children: unknown[] })[];
};

/** Compile-time proofs that each schema is its shared type (the menus' depth is profile.ts's). */
export type AccountShapes = [
  Assert<SameShape<typeof tokenPairSchema, TokenPair>>,
  Assert<SameShape<typeof connectionCheckSchema, ConnectionCheck>>,
  Assert<SameShape<typeof clientKeyAnswerSchema, ClientKeyAnswer>>,
  Assert<SameShape<typeof assessmentStartSchema, AssessmentStart>>,
  Assert<SameShape<typeof userInfoSchema, Omit<UserInfo, 'menus'> & { menus: TwoLevelMenu[] }>>,
];
