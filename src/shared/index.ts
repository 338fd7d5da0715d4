/** The shared contract: constants, API shapes and protocol names used by every part. */
export * from './constants.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './api/paths.ts';
export type * from './api/envelope.ts';
export * from './api/catalogue.types.ts';
export * from './api/musical-keys.ts';
export * from './api/search-query.ts';
export * from './api/account.types.ts';
export * from './api/admin.types.ts';
export * from './api/admin-sheet.types.ts';
export * from './api/admin-pack.types.ts';
export type * from './api/download.types.ts';
export type * from './api/music.types.ts';
export type * from './api/commerce.types.ts';
export * from './audio/protocol.ts';
