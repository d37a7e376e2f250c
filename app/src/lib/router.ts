// History-API navigation exposed through useSyncExternalStore: one source of truth, no context.
import { useSyncExternalStore } from 'react'
import { parseRoute, pathOf } from './routes.ts'
import type { Route } from './routes.ts'

const listeners = new Set<() => void>()
let current: Route | null = null
let currentPath = ''

function snapshot(): Route {
  const { pathname, search } = window.location
  const path = pathname + search
  if (!current || path !== currentPath) {
    current = parseRoute(pathname, search)
    currentPath = path
  }
  return current
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (listeners.size === 1) window.addEventListener('popstate', notify)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('popstate', notify)
  }
}

function notify(): void {
  for (const listener of listeners) listener()
}

export function navigate(route: Route | string, options: { replace?: boolean } = {}): void {
  const path = typeof route === 'string' ? route : pathOf(route)
  if (path === window.location.pathname + window.location.search) return
  if (options.replace) window.history.replaceState(null, '', path)
  else window.history.pushState(null, '', path)
  notify()
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
