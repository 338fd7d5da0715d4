/** Every gateway path, so client, server and tests agree on one spelling. */
export const API = {
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
  similar: (id: number | string) => `/api/v2/tt-audios/${id}/similar`,
  /** Search by sound: the sounds nearest an embedding (gateway extension). */
  similarSearch: '/api/v2/tt-audios/similar',
  spectrum: (id: number | string) => `/api/v2/tt-audios/spectrum/${id}`,
  play: (id: number | string) => `/api/v2/tt-audios/play/${id}`,
  audition: (code: string) => `/api/v2/tt-audios/play-audition/${encodeURIComponent(code)}`,
  pack: (packCode: string) => `/api/v2/packs/${encodeURIComponent(packCode)}`,
  packCover: (packCode: string) => `/api/v2/packs/${encodeURIComponent(packCode)}/cover`,
  downloadAuthorize: (id: number | string) => `/api/v2/download/authorize/${id}`,
  /** Batch authorise (gateway extension): all or nothing. */
  downloadAuthorizeBatch: '/api/v2/download/authorize',
  download: (id: number | string) => `/api/v2/download/${id}`,
  downloadLike: (id: number | string) => `/api/v2/download/likes/${id}`,
  downloadSync: '/api/v2/download/sync',
  downloadSaveOrRollback: '/api/v2/download/saveOrRollback',
  userItemRemove: '/api/v2/tt-audios/user/remove',
  songs: '/api/v2/songs',
  song: (id: number | string) => `/api/v2/songs/${id}`,
  songStream: (id: number | string) => `/api/v2/songs/${id}/stream`,
  songCover: (id: number | string) => `/api/v2/songs/${id}/cover`,
  products: '/api/v2/products',
  orders: '/api/v2/orders',
} as const;

/** Prefix of the download calls that need a token (docs/PRODUCT.md §7). */
export const DOWNLOAD_PREFIX = '/api/v2/download';
