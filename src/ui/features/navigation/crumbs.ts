/** One breadcrumb: where it leads and what it says. */
export interface Crumb {
  path: string;
  title: string;
}

/** What crumbs are named with: known URL segments, names pages published, the search wording. */
export interface CrumbNames {
  /**
   * The translated name of a known URL segment or of a type or sub-category of the library
   * (`Drums` → 鼓组), else null.
   */
  segment(segment: string): string | null;
  /** The human name a page published for its path (a pack's name), if any. */
  place?(path: string): string | undefined;
  /** The crumb of a search place, given its query as typed. */
  search?(query: string): string;
}

/** URL segments that only structure routes and get no crumb of their own. */
const STRUCTURAL = new Set(['asset', 'track']);

/**
 * Where a crumb of a path that has no page of its own leads: the nearest page that lists
 * something (docs/UI.md, "Breadcrumbs"). Search has no page of its own; its field is on /sounds.
 */
const LANDING: Record<string, string> = {
  '/sounds/stockroom': '/sounds/stockroom/resources',
  '/sounds/other': '/sounds/other/likes',
  '/sounds/search': '/sounds',
  // A similar list hangs off one sample, which has no page: its crumb leads to the sounds home.
  '/sounds/similar': '/sounds',
};

/** Decodes a URL segment; a malformed escape is shown as typed. */
function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The asset kinds an asset segment starts with (`All:Drums`, `Samples:Drums`, `Packs:Drums`). */
const KINDS = new Set(['All', 'Samples', 'Packs']);

/**
 * A segment as words: colons (`Samples:Drums`, `:Kick`) stripped, known parts translated. An
 * asset segment names its type first and the kind after it: `Samples:Drums` → 鼓组 · 采样.
 */
function words(raw: string, names: CrumbNames): string {
  const segment = decode(raw);
  const parts = segment.split(':').filter(Boolean);
  const named = parts.map((part) => names.segment(part) ?? part);
  if (parts.length === 2 && KINDS.has(parts[0]!)) return `${named[1]} · ${named[0]}`;
  return named.join(' ') || segment;
}

/**
 * A pack or search place, `/sounds/{packs|search}/track/{…}/samples`: a crumb for the place,
 * named by its pack (once the page published it) or its query, after 音色 (and 音色包 for a pack).
 */
function placeCrumbs(pathname: string, segments: string[], names: CrumbNames): Crumb[] | null {
  const [root, area, track, ...rest] = segments;
  if (root !== 'sounds' || (area !== 'packs' && area !== 'search') || track !== 'track')
    return null;
  const parts = rest.at(-1) === 'samples' ? rest.slice(0, -1) : rest;
  if (parts.length === 0) return null;
  const place = `/sounds/${area}/track/${parts.join('/')}/samples`;
  // `:Drums/:Kick` names a type and a sub-category and `styles:hip-hop,trap` genres (both
  // translated); other parts are typed words, shown as typed.
  const name = (text: string) => names.segment(text) ?? text;
  const query = parts
    .map((part) => {
      const text = decode(part);
      if (text.startsWith(':')) return name(text.slice(1));
      if (text.startsWith('styles:'))
        return `${name('genres')} · ${text.slice(7).split(',').filter(Boolean).map(name).join(', ')}`;
      return text;
    })
    .join(' / ');
  const title =
    names.place?.(place) ?? (area === 'search' && names.search ? names.search(query) : query);
  const sounds = { path: '/sounds', title: words('sounds', names) };
  // A search has no page of its own: its crumb already says 搜索, after 音色 (where the field is).
  if (area === 'search') return [sounds, { path: place, title }];
  return [sounds, { path: '/sounds/packs', title: words(area, names) }, { path: place, title }];
}

/**
 * Breadcrumbs of a pathname. Each crumb leads to a page that lists something: the path up to
 * its segment, or that path's landing page when it has none (LANDING). Names carry colons in
 * URLs (`Samples:Drums`, `:Kick`), which are stripped: each colon-separated part is translated
 * when known, else shown as it is. A page that published a human name for its path is named so.
 */
export function crumbsFor(pathname: string, names: CrumbNames): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const place = placeCrumbs(pathname, segments, names);
  if (place) return place;
  const crumbs: Crumb[] = [];
  let path = '';
  for (const raw of segments) {
    path += `/${raw}`;
    if (STRUCTURAL.has(raw)) continue;
    crumbs.push({ path: LANDING[path] ?? path, title: names.place?.(path) ?? words(raw, names) });
  }
  // The last crumb is the page on screen, whatever a landing says.
  const last = crumbs.at(-1);
  if (last) last.path = path;
  return crumbs;
}

/**
 * Last segments that name a list, not a place: the warehouse's and the liked samples are both
 * 采样, so their titles and tabs say whose list it is (仓库 · 采样, 收藏 · 采样).
 */
const LIST_SEGMENTS = new Set(['resources', 'likes', 'Packs']);

/**
 * The title of a page (document title and tab): its last crumb, after its parent's when the
 * last one only names a list (LIST_SEGMENTS), or the home label at "/".
 */
export function pageTitleFor(pathname: string, names: CrumbNames, home: string): string {
  const crumbs = crumbsFor(pathname, names);
  const last = crumbs.at(-1);
  if (!last) return home;
  const parent = crumbs.at(-2);
  const segment = pathname.split('/').filter(Boolean).at(-1) ?? '';
  return parent && LIST_SEGMENTS.has(segment) ? `${parent.title} · ${last.title}` : last.title;
}
