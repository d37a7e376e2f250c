export const statusKeys = {
  /** Every status I can read now (my co-workers' in all my workspaces, and mine), by person. */
  all: ['statuses'] as const,
}
