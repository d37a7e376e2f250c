// The service worker: keeps the app shell (index.html, /config.json, every built asset, the
// lazy chunks included, the web app manifest and its icons) and serves it when the network or
// the server does not answer, so a reload offline, or an installed Chorus opened without the
// network, opens Chorus instead of the browser's offline page. Pages, /config.json, the manifest
// and the icons go to the network first (and refresh the copy kept); hashed assets come from the
// cache first.
// Nothing of the API is touched (shell-routes.ts); what a person sees offline comes from the
// app's own per-person cache (lib/offline-cache.ts), never from here. Built to /sw.js with the
// build's file list in place of SHELL_MANIFEST (vite.config.ts). It also shows Web Push
// notifications and opens their message when clicked (push.ts).
import { onNotificationClick, onPush, readPayload } from './push.ts'
import type { ClientsLike, NotifyingRegistration } from './push.ts'
import { shellRoute } from './shell-routes.ts'
import type { ShellManifest } from './shell-routes.ts'

// The parts of the service worker scope used here (the DOM library does not describe it).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  request: Request
  respondWith(response: Promise<Response>): void
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null
}
interface NotificationEvent extends ExtendableEvent {
  notification: { data: { url?: string } | null; close(): void }
}
interface WorkerScope {
  location: Location
  registration: NotifyingRegistration
  skipWaiting(): Promise<void>
  clients: ClientsLike & { claim(): Promise<void> }
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
}

const manifest = JSON.parse('SHELL_MANIFEST') as ShellManifest
const scope = self as unknown as WorkerScope
const PREFIX = 'chorus-shell-'
const CACHE = `${PREFIX}${manifest.version}`

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // One by one: a file that fails (the config while the server is down) does not stop the rest.
      .then((cache) => Promise.all(manifest.files.map((f) => cache.add(f).catch(() => undefined))))
      .then(() => scope.skipWaiting())
  )
})

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))
        )
      )
      .then(() => scope.clients.claim())
  )
})

scope.addEventListener('fetch', (event) => {
  const { request } = event
  switch (shellRoute(request, scope.location.origin)) {
    case 'page':
      return event.respondWith(networkFirst(request, '/index.html'))
    case 'config':
      return event.respondWith(networkFirst(request, '/config.json'))
    case 'asset':
      return event.respondWith(cacheFirst(request))
    case 'install':
      return event.respondWith(networkFirst(request, new URL(request.url).pathname))
    case 'network':
      return
  }
})

scope.addEventListener('push', (event) => {
  event.waitUntil(onPush(readPayload(event.data?.text()), scope.registration))
})

scope.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = event.notification.data?.url
  if (url) event.waitUntil(onNotificationClick(url, scope.location.origin, scope.clients))
})

/** The network's answer (kept as `key`), or the copy kept when the network fails. */
async function networkFirst(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(CACHE)
  try {
    const response = await fetch(request)
    if (response.ok) await cache.put(key, response.clone())
    return response
  } catch (error) {
    const kept = await cache.match(key)
    if (kept) return kept
    throw error
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const kept = await cache.match(request)
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}
