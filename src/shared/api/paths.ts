/**
 * Every gateway route as the gateway registers it (docs/ARCHITECTURE.md#the-path-table): `:name`
 * marks a path parameter. The gateway registers each of these and nothing else
 * (`tests/api/route-table.test.ts` holds both directions).
 */
export const ROUTES = {
  login: '/api/v4/users/login',
  refreshToken: '/api/v4/users/refresh-token',
  register: '/api/v4/users/register',
  profile: '/api/v3/users/profile',
  sendCode: '/api/v4/users/sendCode',
  passwordReset: '/api/v4/users/password/reset',
  passwordUpdate: '/api/v4/users/password/update',
  testConnection: '/api/v4/users/test-connection',
  clientKey: '/api/v4/users/client-key',
  logout: '/api/v4/users/logout',
  assessmentStart: '/api/v4/users/assessment/start',
  assessmentFinish: '/api/v4/users/assessment/finish',
  audios: '/api/v2/tt-audios',
  instrumentsStyle: '/api/v2/tt-instruments-style',
  userAudios: '/api/v2/tt-audios/user',
  userInstrumentsStyle: '/api/v2/tt-instruments-style/user',
  search: '/api/v2/tt-audios/search-resource',
  /** Autocomplete over instruments, genres, tags, packs and brands (gateway extension). */
  suggest: '/api/v2/tt-audios/suggest',
  tags: '/api/v2/tt-audios/tags',
  /** The sounds nearest a sample (gateway extension). */
  similar: '/api/v2/tt-audios/:id/similar',
  /** Search by sound: the sounds nearest an embedding (gateway extension). */
  similarSearch: '/api/v2/tt-audios/similar',
  spectrum: '/api/v2/tt-audios/spectrum/:id',
  play: '/api/v2/tt-audios/play/:id',
  audition: '/api/v2/tt-audios/play-audition/:auditionCode',
  pack: '/api/v2/packs/:code',
  packCover: '/api/v2/packs/:code/cover',
  downloadAuthorize: '/api/v2/download/authorize/:id',
  /** Batch authorise (gateway extension): all or nothing. */
  downloadAuthorizeBatch: '/api/v2/download/authorize',
  download: '/api/v2/download/:id',
  downloadLike: '/api/v2/download/likes/:id',
  /** Pack like toggle (gateway extension). */
  downloadPackLike: '/api/v2/download/likes/pack/:code',
  downloadSync: '/api/v2/download/sync',
  downloadSaveOrRollback: '/api/v2/download/saveOrRollback',
  userItemRemove: '/api/v2/tt-audios/user/remove',
  /** Undo of a removal (gateway extension): hidden warehouse items back, likes again. */
  userItemRestore: '/api/v2/tt-audios/user/restore',
  songs: '/api/v2/songs',
  song: '/api/v2/songs/:id',
  songStream: '/api/v2/songs/:id/stream',
  songCover: '/api/v2/songs/:id/cover',
  products: '/api/v2/products',
  orders: '/api/v2/orders',
  /** The operator's calls (gateway extension, docs/api/admin.md): each needs a permission. */
  adminUsers: '/api/v2/admin/users',
  adminUser: '/api/v2/admin/users/:id',
  adminUserRoles: '/api/v2/admin/users/:id/roles',
  adminUserDisabled: '/api/v2/admin/users/:id/disabled',
  adminRoles: '/api/v2/admin/roles',
  adminRole: '/api/v2/admin/roles/:code',
  adminStaffRole: '/api/v2/admin/settings/staff-role',
  adminInvites: '/api/v2/admin/invites',
  adminInvite: '/api/v2/admin/invites/:code',
  adminAudit: '/api/v2/admin/audit',
  adminReview: '/api/v2/admin/review',
  adminReviewStatus: '/api/v2/admin/review/:id/status',
  adminReviewFix: '/api/v2/admin/review/:id/fix',
  adminPackFiles: '/api/v2/admin/packs/:packCode/files',
  adminPack: '/api/v2/admin/packs/:packCode',
  adminPackCover: '/api/v2/admin/packs/:packCode/cover',
  adminSamples: '/api/v2/admin/samples',
  adminSample: '/api/v2/admin/samples/:id',
  adminSamplesBulk: '/api/v2/admin/samples/bulk',
  adminInsight: '/api/v2/admin/insight',
  adminSheet: '/api/v2/admin/sheet',
  adminSheetPreview: '/api/v2/admin/sheet/preview',
  adminSheetApply: '/api/v2/admin/sheet/apply',
} as const;

/** The parameter names of a route pattern: `'/a/:id/b/:code'` → `'id' | 'code'`. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills a route pattern's parameters, each percent-encoded: `pathOf(ROUTES.pack, {code})`. */
export function pathOf<P extends string>(
  pattern: P,
  params: Record<ParamsOf<P>, number | string>,
): string {
  const values = params as Record<string, number | string>;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name])),
  );
}

type Id = number | string;

/** Every gateway path, so client, server and tests agree on one spelling; builders fill `:params`. */
export const API = {
  ...ROUTES,
  similar: (id: Id) => pathOf(ROUTES.similar, { id }),
  spectrum: (id: Id) => pathOf(ROUTES.spectrum, { id }),
  play: (id: Id) => pathOf(ROUTES.play, { id }),
  audition: (auditionCode: string) => pathOf(ROUTES.audition, { auditionCode }),
  pack: (code: string) => pathOf(ROUTES.pack, { code }),
  packCover: (code: string) => pathOf(ROUTES.packCover, { code }),
  downloadAuthorize: (id: Id) => pathOf(ROUTES.downloadAuthorize, { id }),
  download: (id: Id) => pathOf(ROUTES.download, { id }),
  downloadLike: (id: Id) => pathOf(ROUTES.downloadLike, { id }),
  downloadPackLike: (code: string) => pathOf(ROUTES.downloadPackLike, { code }),
  song: (id: Id) => pathOf(ROUTES.song, { id }),
  songStream: (id: Id) => pathOf(ROUTES.songStream, { id }),
  songCover: (id: Id) => pathOf(ROUTES.songCover, { id }),
  adminUser: (id: Id) => pathOf(ROUTES.adminUser, { id }),
  adminUserRoles: (id: Id) => pathOf(ROUTES.adminUserRoles, { id }),
  adminUserDisabled: (id: Id) => pathOf(ROUTES.adminUserDisabled, { id }),
  adminRole: (code: string) => pathOf(ROUTES.adminRole, { code }),
  adminInvite: (code: string) => pathOf(ROUTES.adminInvite, { code }),
  adminReviewStatus: (id: Id) => pathOf(ROUTES.adminReviewStatus, { id }),
  adminReviewFix: (id: Id) => pathOf(ROUTES.adminReviewFix, { id }),
  adminPackFiles: (packCode: string) => pathOf(ROUTES.adminPackFiles, { packCode }),
  adminPack: (packCode: string) => pathOf(ROUTES.adminPack, { packCode }),
  adminPackCover: (packCode: string) => pathOf(ROUTES.adminPackCover, { packCode }),
  adminSample: (id: Id) => pathOf(ROUTES.adminSample, { id }),
} as const;

/** Prefix of the download calls that need a token (docs/PRODUCT.md §7). */
export const DOWNLOAD_PREFIX = '/api/v2/download';

/** Every operator route lives under this prefix and must declare a permission (docs/ADMIN.md). */
export const ADMIN_PREFIX = '/api/v2/admin/';
