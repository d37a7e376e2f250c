// Which requests the service worker (sw.ts) answers, as a pure function. Only the app's own
// files: the app's pages (index.html, from the cache when the network fails), /config.json (the
// last one known), the built assets (hashed, so the cached copy is the file) and what installs
// the app (the web app manifest and its icons, public/: not hashed, so the network's first, as
// for pages). Everything else goes to the network untouched; the API (REST, Auth, Storage,
// Realtime, functions) is never cached.
export type ShellRoute = 'page' | 'config' | 'asset' | 'install' | 'network'

export interface ShellRequest {
  method: string
  url: string
  mode: string
}

const API = /^\/(rest|auth|storage|realtime|functions|graphql)\/v1(\/|$)/
/** The manifest and the icons of public/icons/ (app/scripts/app-icons.ts writes them). */
const INSTALL = /^\/(manifest\.webmanifest|icons\/[a-z0-9-]+\.png)$/

export function shellRoute(request: ShellRequest, origin: string): ShellRoute {
  if (request.method !== 'GET') return 'network'
  const url = new URL(request.url)
  if (url.origin !== origin || API.test(url.pathname)) return 'network'
  // A page of its own beside the app (public/unsubscribe.html) is not the shell: answering it
  // would keep it as index.html.
  if (request.mode === 'navigate') return /\.html$/.test(url.pathname) ? 'network' : 'page'
  if (url.pathname === '/config.json') return 'config'
  if (url.pathname.startsWith('/assets/')) return 'asset'
  if (INSTALL.test(url.pathname)) return 'install'
  return 'network'
}

/** What the build hands the service worker: its files, and a version that changes with them. */
export interface ShellManifest {
  version: string
  files: string[]
}

/** The files to keep at install for a build's output file names (public/'s included): every
 * asset but source maps and `cachedWhenUsed` (big chunks few open: the service worker keeps them
 * when first fetched), and the manifest and its icons, so an installed Chorus opens offline with
 * its name, colours and icons. */
export function shellFiles(fileNames: string[], cachedWhenUsed: string[] = []): string[] {
  const later = new Set(cachedWhenUsed)
  const assets = fileNames.filter(
    (f) => f.startsWith('assets/') && !f.endsWith('.map') && !later.has(f)
  )
  const install = fileNames.filter((f) => INSTALL.test(`/${f}`))
  return ['/index.html', '/config.json', ...[...install, ...assets].sort().map((f) => `/${f}`)]
}
