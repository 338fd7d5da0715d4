/** Progress of seeding, for logs and progress bars. */
export interface SeedProgress {
  phase: string;
  done: number;
  total: number;
}
