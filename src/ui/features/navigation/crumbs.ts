/** One breadcrumb: where it leads and what it says. */
export interface Crumb {
  path: string;
  title: string;
}

/** URL segments that only structure routes and get no crumb of their own. */
const STRUCTURAL = new Set(['asset', 'track']);

/**
 * Breadcrumbs of a pathname. Each crumb leads to the path up to its segment; names carry
 * colons in URLs (`Samples:Drums`, `:Kick`), which are stripped: each colon-separated part is
 * translated when `label` knows it, else shown as it is.
 */
export function crumbsFor(pathname: string, label: (segment: string) => string | null): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  let path = '';
  for (const raw of segments) {
    path += `/${raw}`;
    if (STRUCTURAL.has(raw)) continue;
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      // A malformed escape is shown as typed.
    }
    const title = segment
      .split(':')
      .filter(Boolean)
      .map((part) => label(part) ?? part)
      .join(' ');
    crumbs.push({ path, title: title || segment });
  }
  return crumbs;
}

/** The title of a page: its last crumb, or the home label at "/". */
export function pageTitleFor(
  pathname: string,
  label: (segment: string) => string | null,
  home: string,
): string {
  return crumbsFor(pathname, label).at(-1)?.title ?? home;
}
