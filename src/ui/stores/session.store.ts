import { create } from 'zustand';
import { ACCESS_TOKEN_KEY, type TokenPair, type UserInfo } from '../../shared/index.ts';

/** Local-storage key of the refresh token. */
export const REFRESH_TOKEN_KEY = 'yinku.refreshToken';
/** Local-storage key of the moment (ms) the tokens were recorded (docs/PRODUCT.md §9 token timestamp). */
const TOKEN_TIMESTAMP_KEY = 'yinku.tokenTimestamp';

/** The user session of docs/PRODUCT.md §3. */
interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** When the current tokens were recorded (login or refresh), ms since the epoch. */
  tokenTimestamp: number | null;
  /** The profile; null for visitors and until it is fetched. */
  userInfo: UserInfo | null;
  /** Records new tokens (login, refresh) with the current time. */
  setTokens: (pair: Pick<TokenPair, 'accessToken' | 'refreshToken'>) => void;
  setUserInfo: (userInfo: UserInfo | null) => void;
  /** Forgets tokens and profile (storage included). */
  clear: () => void;
  /** Re-reads the tokens another tab may have written. */
  syncFromStorage: () => void;
}

function readStored(): Pick<SessionState, 'accessToken' | 'refreshToken' | 'tokenTimestamp'> {
  try {
    const timestamp = Number(localStorage.getItem(TOKEN_TIMESTAMP_KEY));
    return {
      accessToken: localStorage.getItem(ACCESS_TOKEN_KEY) || null,
      refreshToken: localStorage.getItem(REFRESH_TOKEN_KEY) || null,
      tokenTimestamp: Number.isFinite(timestamp) && timestamp > 0 ? timestamp : null,
    };
  } catch {
    // Storage can be unavailable (privacy mode): the session then lives in memory only.
    return { accessToken: null, refreshToken: null, tokenTimestamp: null };
  }
}

function writeStored(values: Record<string, string | null>): void {
  try {
    for (const [key, value] of Object.entries(values)) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  } catch {
    // See readStored: memory-only session.
  }
}

/** Session store: tokens live under fixed local-storage keys so every tab shares them. */
export const useSessionStore = create<SessionState>()((set) => ({
  ...readStored(),
  userInfo: null,
  setTokens({ accessToken, refreshToken }) {
    const tokenTimestamp = Date.now();
    writeStored({
      [ACCESS_TOKEN_KEY]: accessToken,
      [REFRESH_TOKEN_KEY]: refreshToken,
      [TOKEN_TIMESTAMP_KEY]: String(tokenTimestamp),
    });
    set({ accessToken, refreshToken, tokenTimestamp });
  },
  setUserInfo(userInfo) {
    set({ userInfo });
  },
  clear() {
    writeStored({
      [ACCESS_TOKEN_KEY]: null,
      [REFRESH_TOKEN_KEY]: null,
      [TOKEN_TIMESTAMP_KEY]: null,
    });
    set({ accessToken: null, refreshToken: null, tokenTimestamp: null, userInfo: null });
  },
  syncFromStorage() {
    set(readStored());
  },
}));

/** The current access token, callable outside React (the audio engine, workers' fetches). */
export function getAccessToken(): string | null {
  return useSessionStore.getState().accessToken;
}

/** The current refresh token. */
export function getRefreshToken(): string | null {
  return useSessionStore.getState().refreshToken;
}

/** Whether the user has signed in (holds tokens). */
export function isSignedIn(): boolean {
  return getAccessToken() !== null;
}

/** Whether the role list counts as basic: empty, or only ORDINARY (docs/PRODUCT.md §6). */
export function isOrdinary(userInfo: Pick<UserInfo, 'roles'> | null): boolean {
  const roles = userInfo?.roles ?? [];
  return roles.every((role) => role.roleCode === 'ORDINARY');
}

/** The signed-in user's profile (null for visitors). */
export const useUserInfo = () => useSessionStore((s) => s.userInfo);
