// A message an integration posted, as the message screen marks it (its own module: the eager
// extension and the lazily loaded data share it).

export interface AppPost {
  messageId: string
  /** The integration's own name (its webhook's). */
  appName: string
  /** The name the post asked to be shown under (Slack's `username`), if any. */
  username: string | null
}

export type AppPosts = ReadonlyMap<string, AppPost>
