import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { CatalogueRepository } from '../catalogue/catalogue.repository.ts';
import type { DownloadsRepository } from '../downloads/downloads.repository.ts';
import type { CommerceRepository } from '../commerce/commerce.repository.ts';
import type { MusicRepository } from '../music/music.repository.ts';
import type { LibraryRepository } from '../library/library.repository.ts';

/**
 * The one storage interface routes use. Every method is async so a PostgreSQL adapter can
 * implement it without touching a route; SQLite (node:sqlite) is the embedded default.
 */
export interface Repository {
  accounts: AccountsRepository;
  catalogue: CatalogueRepository;
  downloads: DownloadsRepository;
  commerce: CommerceRepository;
  music: MusicRepository;
  library: LibraryRepository;
}
