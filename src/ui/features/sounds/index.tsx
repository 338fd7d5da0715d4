/** The search bar of the sounds frame (toggled by its icon in the top bar; SPEC §2). */
export function SearchBar(): null {
  return null;
}

/** The breadcrumb's grouped category select on category asset pages (SPEC §2). */
export function CategorySelect(): null {
  return null;
}

/** The right detail panel of the sounds frame: the selected sample or pack. */
export function DetailPanel(): null {
  return null;
}

/** The selected-rows panel (SPEC §2): shown while rows are selected. */
export function SelectionPanel(): null {
  return null;
}
