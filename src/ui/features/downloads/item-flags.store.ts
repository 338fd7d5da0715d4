import { create } from 'zustand';

/** Flags of one row that change after the list was loaded (docs/PRODUCT.md §4 "Rows, download and like"). */
interface ItemFlags {
  download?: boolean;
  likes?: boolean;
  /** A download of this item is under way. */
  downloading?: boolean;
}

/** State of the flag overrides: the lists keep their loaded data; this wins over it. */
interface ItemFlagsState {
  flags: Record<string, ItemFlags>;
  patch(key: string, flags: ItemFlags): void;
  reset(): void;
}

/** Key of a sample in the flags store. */
export const sampleKey = (id: number): string => `s:${id}`;

/** Key of a pack in the flags store. */
export const packKey = (code: string): string => `p:${code}`;

/** Live download/like/downloading flags of rows, shared by every list, panel and the player. */
export const useItemFlags = create<ItemFlagsState>()((set) => ({
  flags: {},
  patch: (key, flags) =>
    set((state) => ({ flags: { ...state.flags, [key]: { ...state.flags[key], ...flags } } })),
  reset: () => set({ flags: {} }),
}));

/** The effective flags of an item: overrides on top of what the list loaded. */
export function effectiveFlags(
  loaded: { download: boolean; likes: boolean },
  override: ItemFlags | undefined,
): Required<ItemFlags> {
  return {
    download: override?.download ?? loaded.download,
    likes: override?.likes ?? loaded.likes,
    downloading: override?.downloading ?? false,
  };
}

/** React hook: the effective flags of one sample. */
export function useSampleFlags(sample: {
  id: number;
  download: boolean;
  likes: boolean;
}): Required<ItemFlags> {
  const override = useItemFlags((state) => state.flags[sampleKey(sample.id)]);
  return effectiveFlags(sample, override);
}
