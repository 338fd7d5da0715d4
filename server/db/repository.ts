import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { AdminRepository } from '../admin/admin.repository.ts';
import type { CatalogueRepository } from '../catalogue/catalogue.repository.ts';
import type { DownloadsRepository } from '../downloads/downloads.repository.ts';
import type { CommerceRepository } from '../commerce/commerce.repository.ts';
import type { MusicRepository } from '../music/music.repository.ts';
import type {
  InstancesRepository,
  LeasesRepository,
  LimitsRepository,
} from './coordination.repository.ts';
import type { LibraryRepository } from '../library/library.repository.ts';
import type { ReviewRepository } from '../library/review/review.repository.ts';
import type { InsightRepository } from '../insight/insight.repository.ts';

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
  /** Rate-limit counts every instance shares (docs/DEPLOY.md#several-instances). */
  limits: LimitsRepository;
  /** Work one instance does at a time: first-start seeding, each song slot. */
  leases: LeasesRepository;
  /** Live gateway instances and their token-secret fingerprints. */
  instances: InstancesRepository;
  library: LibraryRepository;
  /** The review queue: findings of the checks at ingest (docs/LIBRARY.md "Review findings"). */
  review: ReviewRepository;
  /** Roles, user states, invitation codes and the audit log (docs/ADMIN.md). */
  admin: AdminRepository;
  /** Plays, downloads and searches counted per day (docs/ADMIN.md "Insight"). */
  insight: InsightRepository;
}
