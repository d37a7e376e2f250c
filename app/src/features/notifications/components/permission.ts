// Whether this browser may show Chorus's notifications, for the notifier: kept from the
// Permissions API's change event. `Notification.permission` is a synchronous round trip to the
// browser's process in Chromium, and the notifier asks per live message: it is read once, and
// again only when the browser says the permission changed (the person answered the prompt, or
// changed it in the site settings). Where the Permissions API cannot watch it, it is read each
// time. The prompt and first steps read it once when they show (chunks of their own: importing
// this would make it one more chunk for the first screen to name).

let kept: NotificationPermission | null = null
let watching = false
const listeners = new Set<() => void>()

function watch(): void {
  if (watching) return
  watching = true
  navigator.permissions?.query({ name: 'notifications' }).then(
    (status) => {
      const changed = () => keep(Notification.permission)
      status.addEventListener('change', changed)
      changed()
    },
    () => {}
  )
}

function keep(permission: NotificationPermission): void {
  if (kept === permission) return
  kept = permission
  for (const listener of listeners) listener()
}

/** This browser shows Chorus's notifications (the person allowed them). */
export function notificationsPermitted(): boolean {
  if (typeof Notification === 'undefined') return false
  watch()
  return (kept ?? Notification.permission) === 'granted'
}

/** Calls `listener` when the permission changes; returns the unsubscribe (useSyncExternalStore). */
export function onNotificationPermission(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
