// What the service worker does with a Web Push (supabase/functions/push-notify/payload.ts says what
// one holds) and with a click on its notification. A message or test push is shown with the
// sender's avatar as its icon, one notification per conversation (its tag; the title counts the
// pushed messages still unread, and a new one re-alerts); a "read" push closes the conversation's
// notification (the person read it on another device). A click takes a Chorus window of this
// origin to the message (its permalink) and focuses it, or opens the installed app or a new window
// there. No DOM, no React: sw.ts wires these to
// the worker's events, with the worker's registration and clients passed in.

export type PushPayload =
  | {
      type: 'message' | 'test'
      title: string
      body: string
      icon: string
      tag: string
      url: string
      count?: number
    }
  | { type: 'read'; tag: string }

interface ShownNotification {
  tag: string
  close(): void
}

export interface NotifyingRegistration {
  showNotification(
    title: string,
    options: NotificationOptions & { renotify?: boolean }
  ): Promise<void>
  getNotifications(filter?: { tag?: string }): Promise<ShownNotification[]>
}

export interface WindowLike {
  url: string
  focused?: boolean
  navigate(url: string): Promise<unknown>
  focus(): Promise<unknown>
}

export interface ClientsLike {
  matchAll(options: {
    type: 'window'
    includeUncontrolled: boolean
  }): Promise<readonly WindowLike[]>
  openWindow(url: string): Promise<unknown>
}

/** The payload of a push event, or null when it is none of Chorus's. */
export function readPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<PushPayload> | null
    if (value?.type === 'read' && typeof value.tag === 'string') return value as PushPayload
    if (
      (value?.type === 'message' || value?.type === 'test') &&
      typeof value.title === 'string' &&
      typeof value.tag === 'string' &&
      typeof value.url === 'string'
    ) {
      return value as PushPayload
    }
  } catch {
    // not JSON: not ours
  }
  return null
}

export async function onPush(payload: PushPayload | null, registration: NotifyingRegistration) {
  if (!payload) return
  if (payload.type === 'read') {
    for (const shown of await registration.getNotifications({ tag: payload.tag })) shown.close()
    return
  }
  await registration.showNotification(payload.title, {
    body: payload.body,
    icon: payload.icon,
    badge: '/icons/icon-192.png',
    tag: payload.tag,
    renotify: true,
    data: { url: payload.url },
  })
}

/**
 * A click: a Chorus window of this origin goes to the message and is focused, else one is opened
 * there (the installed app, when Chorus is installed).
 */
export async function onNotificationClick(
  url: string,
  origin: string,
  clients: ClientsLike
): Promise<void> {
  const target = new URL(url, origin)
  if (target.origin !== origin) return
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (w) => new URL(w.url).origin === origin
  )
  const chosen = windows.find((w) => w.focused) ?? windows[0]
  if (chosen) {
    // Only a window this worker controls can be sent elsewhere; only a real click lets a worker
    // focus one.
    const went = await chosen.navigate(target.href).then(
      () => true,
      () => false
    )
    await chosen.focus().catch(() => undefined)
    if (went) return
  }
  await clients.openWindow(target.href)
}
