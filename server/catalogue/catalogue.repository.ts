/** Storage behind the catalogue routes (filled in by the catalogue work). */
export interface CatalogueRepository {}
