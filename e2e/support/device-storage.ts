// What the browser keeps of the app's origin, read from a page of it (e2e/device-forgets.spec.ts),
// and the admin's removal of a member from a channel.
import type { Page } from '@playwright/test'

/** Everything of the app's origin this page's browser keeps, as text: localStorage and this tab's
 * sessionStorage (key=value), each IndexedDB database's records, each Cache Storage response. */
export function keptInBrowser(
  page: Page
): Promise<{ local: string; session: string; rest: string }> {
  return page.evaluate(async () => {
    const entries = (area: Storage) =>
      Object.keys(area)
        .map((key) => `${key}=${area.getItem(key)}`)
        .join('\n')
    const rest: string[] = []
    for (const { name, version } of await indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name, version)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error ?? new Error(name))
      })
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error ?? new Error(store))
        })
        rest.push(`idb ${name}/${store}: ${JSON.stringify(all)}`)
      }
      db.close()
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        rest.push(`cache ${request.url}: ${response ? await response.text() : ''}`)
      }
    }
    return { local: entries(localStorage), session: entries(sessionStorage), rest: rest.join('\n') }
  })
}

/** All of it in one text. */
export const allKept = async (page: Page) => Object.values(await keptInBrowser(page)).join('\n')

/** Records whether a kept screen was put in the page (before the app's scripts run). */
export const WATCH_KEPT_SCREEN = `
  window.__keptScreenShown = false
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node.id === 'kept-screen') window.__keptScreenShown = true
  }).observe(document, { childList: true, subtree: true })`

export const keptScreenShown = (page: Page) =>
  page.evaluate('window.__keptScreenShown') as Promise<boolean>

/** What the members dialog's remove does for a guest (guest-admin.ts): the database's
 * remove_channel_member, called as the admin on `admin`'s page for the person on `member`'s.
 * Returns the HTTP status. */
export async function removeFromChannel(
  admin: Page,
  member: Page,
  channel: string
): Promise<number> {
  const sessionOf = () => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k)) ?? ''
    return JSON.parse(localStorage.getItem(key) ?? '{}') as {
      access_token: string
      user: { id: string }
    }
  }
  const user = (await member.evaluate(sessionOf)).user.id
  const token = (await admin.evaluate(sessionOf)).access_token
  return admin.evaluate(
    async (call) => {
      const config = (await (await fetch('/config.json')).json()) as {
        supabaseUrl: string
        supabaseKey: string
      }
      const response = await fetch(`${config.supabaseUrl}/rest/v1/rpc/remove_channel_member`, {
        method: 'POST',
        headers: {
          apikey: config.supabaseKey,
          authorization: `Bearer ${call.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ p_channel_id: call.channel, p_user_id: call.user }),
      })
      return response.status
    },
    { channel, user, token }
  )
}
