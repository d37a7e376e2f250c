// A message an integration posted, as the message screen marks it (pure).

/** The APP marker: a MessageMarker of the extension slot (messages/extension.ts). */
export interface AppMarker {
  id: 'app'
  icon: 'link-2'
  label: string
  className: 'app-marker'
  /** The name the author line shows instead of a person's. */
  author: string
}

export interface AppPost {
  /** The integration's own name (its webhook's). */
  appName: string
  /** The name the post asked to be shown under (Slack's `username`), if any. */
  username: string | null
}

/** The APP marker of an integration's message: the badge, and the name its author line shows. */
export function appMarker(post: AppPost): AppMarker {
  const via = post.username && post.username !== post.appName ? ` · via ${post.appName}` : ''
  return {
    id: 'app',
    icon: 'link-2',
    label: `APP${via}`,
    className: 'app-marker',
    author: post.username ?? post.appName,
  }
}
