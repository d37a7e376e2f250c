// The app's places, parsed from and rendered to paths. A plain union instead of a router
// library: there are few routes and every one is typed.
export type Route =
  | { name: 'home' }
  | { name: 'sign-in' }
  | { name: 'sign-up' }
  | { name: 'forgot-password' }
  | { name: 'reset-password' }
  | { name: 'invite'; token: string }
  | { name: 'new-workspace' }
  /** The installed app's shortcuts (the web app manifest's): a place in the last workspace. */
  | { name: 'last-workspace'; then: 'threads' | 'new-message' }
  | {
      name: 'workspace'
      workspaceId: string
      channelId: string | null
      /** A permalink: the channel opens at this message, in context. */
      messageId?: string | null
      /** A thread open beside the channel (its parent message's id). */
      threadId?: string
      /** A feature's view instead of a channel (slots/view.ts: `threads`, `later`), by its path. */
      view?: string
      /** "New message": the new direct message dialog open over the default channel. */
      newMessage?: true
    }
  /** Auth's OAuth 2.1 consent page: a third-party app asks to use the account. */
  | { name: 'oauth-consent'; authorizationId: string | null }
  | { name: 'not-found'; path: string }

const ID = '([0-9a-zA-Z_-]+)'

export function parseRoute(pathname: string, search = ''): Route {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/') return { name: 'home' }
  if (path === '/oauth/consent') {
    return {
      name: 'oauth-consent',
      authorizationId: new URLSearchParams(search).get('authorization_id'),
    }
  }
  if (path === '/sign-in') return { name: 'sign-in' }
  if (path === '/sign-up') return { name: 'sign-up' }
  if (path === '/forgot-password') return { name: 'forgot-password' }
  if (path === '/reset-password') return { name: 'reset-password' }
  if (path === '/new') return { name: 'new-workspace' }
  let m = /^\/(threads|new-message)$/.exec(path)
  // The pattern admits only these two.
  if (m) return { name: 'last-workspace', then: m[1] as 'threads' | 'new-message' }
  m = new RegExp(`^/invite/${ID}$`).exec(path)
  if (m) return { name: 'invite', token: m[1]! }
  m = new RegExp(`^/w/${ID}(?:/c/${ID}(?:/m/${ID}|/t/${ID})?)?$`).exec(path)
  if (m)
    return {
      name: 'workspace',
      workspaceId: m[1]!,
      channelId: m[2] ?? null,
      messageId: m[3] ?? null,
      ...(m[4] ? { threadId: m[4] } : {}),
    }
  m = new RegExp(`^/w/${ID}/([a-z][a-z-]*)$`).exec(path)
  // "New message", or a view: the shell says "Page not found" for one no feature has.
  if (m)
    return {
      name: 'workspace',
      workspaceId: m[1]!,
      channelId: null,
      ...(m[2] === 'new-message' ? { newMessage: true as const } : { view: m[2]! }),
    }
  return { name: 'not-found', path }
}

export function pathOf(route: Route): string {
  switch (route.name) {
    case 'home':
      return '/'
    case 'sign-in':
    case 'sign-up':
    case 'forgot-password':
    case 'reset-password':
      return `/${route.name}`
    case 'new-workspace':
      return '/new'
    case 'last-workspace':
      return `/${route.then}`
    case 'invite':
      return `/invite/${encodeURIComponent(route.token)}`
    case 'workspace':
      if (route.view) return `/w/${route.workspaceId}/${route.view}`
      if (route.newMessage) return `/w/${route.workspaceId}/new-message`
      return route.channelId
        ? `/w/${route.workspaceId}/c/${route.channelId}${route.messageId ? `/m/${route.messageId}` : route.threadId ? `/t/${route.threadId}` : ''}`
        : `/w/${route.workspaceId}`
    case 'oauth-consent':
      return route.authorizationId
        ? `/oauth/consent?authorization_id=${encodeURIComponent(route.authorizationId)}`
        : '/oauth/consent'
    case 'not-found':
      return route.path
  }
}
