// Which requests the service worker (sw.ts) answers, as a pure function. Only the app's own
// files: the app's pages (index.html, from the cache when the network fails), /config.json (the
// last one known) and the built assets (hashed, so the cached copy is the file). Everything else
// goes to the network untouched; the API (REST, Auth, Storage, Realtime, functions) is never
// cached.
export type ShellRoute = 'page' | 'config' | 'asset' | 'network'

export interface ShellRequest {
  method: string
  url: string
  mode: string
}

const API = /^\/(rest|auth|storage|realtime|functions|graphql)\/v1(\/|$)/

export function shellRoute(request: ShellRequest, origin: string): ShellRoute {
  if (request.method !== 'GET') return 'network'
  const url = new URL(request.url)
  if (url.origin !== origin || API.test(url.pathname)) return 'network'
  // A page of its own beside the app (public/unsubscribe.html) is not the shell: answering it
  // would keep it as index.html.
  if (request.mode === 'navigate') return /\.html$/.test(url.pathname) ? 'network' : 'page'
  if (url.pathname === '/config.json') return 'config'
  if (url.pathname.startsWith('/assets/')) return 'asset'
  return 'network'
}

/** What the build hands the service worker: its files, and a version that changes with them. */
export interface ShellManifest {
  version: string
  files: string[]
}

/** The files to keep at install for a build's output file names: every asset but source maps
 * and `cachedWhenUsed` (big chunks few open: the service worker keeps them when first fetched). */
export function shellFiles(fileNames: string[], cachedWhenUsed: string[] = []): string[] {
  const later = new Set(cachedWhenUsed)
  const assets = fileNames.filter(
    (f) => f.startsWith('assets/') && !f.endsWith('.map') && !later.has(f)
  )
  return ['/index.html', '/config.json', ...assets.sort().map((f) => `/${f}`)]
}
