// A person's devices with Web Push on (public.push_subscriptions: only they read or remove them)
// and this browser's own subscription. Turning push on here asks for the notification permission,
// subscribes the service worker's PushManager with the server's VAPID key (GET push-notify) and
// stores the subscription (register_push_subscription); removing this device unsubscribes it too.
import { t } from '@lingui/core/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { functions, supabase } from '../../../lib/supabase.ts'

export interface PushDevice {
  id: string
  name: string
  endpoint: string
  createdAt: string
  lastUsedAt: string | null
}

export const pushKeys = {
  devices: ['push', 'devices'] as const,
  here: ['push', 'here'] as const,
}

/** Whether this browser can take pushes at all (a home-screen app on iOS, any modern desktop). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration()
  if (!existing) await navigator.serviceWorker.register('/sw.js')
  return navigator.serviceWorker.ready
}

/** This browser's subscription's endpoint, or null. */
async function hereEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null
  const existing = await navigator.serviceWorker.getRegistration()
  const subscription = await existing?.pushManager.getSubscription()
  return subscription?.endpoint ?? null
}

async function listDevices(): Promise<PushDevice[]> {
  const { data, error } = await supabase()
    .from('push_subscriptions')
    .select('id, device_name, endpoint, created_at, last_used_at')
    .order('created_at')
  if (error) throw error
  return data.map((d) => ({
    id: d.id,
    name: d.device_name,
    endpoint: d.endpoint,
    createdAt: d.created_at,
    lastUsedAt: d.last_used_at,
  }))
}

async function serverKey(): Promise<Uint8Array<ArrayBuffer>> {
  const { data, error } = await (await functions()).invoke('push-notify', { method: 'GET' })
  if (error) throw new Error(t`This server has no push key: push is not set up on it.`)
  const base64 = (data as { public_key: string }).public_key.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

// Browsers and systems by the marks of their user agent, first match wins (Edge's also says
// Chrome, Chrome's also Safari). Product names: the same in every language.
/* eslint-disable lingui/no-unlocalized-strings -- product names, not words */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
]
/* eslint-enable lingui/no-unlocalized-strings */

/** A name for this device from its browser and system, e.g. "Chrome on Android". It is kept as
 * made: in the language of the person who turned push on. */
export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([mark]) => mark.test(userAgent))?.[1] ?? t`Browser`
  const system = SYSTEMS.find(([mark]) => mark.test(userAgent))?.[1] ?? t`this system`
  return t`${browser} on ${system}`
}

async function turnOn(name: string): Promise<void> {
  if (!pushSupported()) {
    throw new Error(
      t`This browser cannot take push notifications (on iOS, add Chorus to the Home Screen first).`
    )
  }
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') {
    throw new Error(
      t`Notifications are blocked for Chorus in this browser: allow them in its site settings.`
    )
  }
  const reg = await registration()
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await serverKey(),
    }))
  const json = subscription.toJSON()
  await rpcOne('register_push_subscription', {
    p_endpoint: subscription.endpoint,
    p_p256dh: json.keys?.p256dh ?? '',
    p_auth: json.keys?.auth ?? '',
    p_device_name: name,
  })
}

async function remove(device: PushDevice): Promise<void> {
  const { error } = await supabase().from('push_subscriptions').delete().eq('id', device.id)
  if (error) throw error
  if (device.endpoint === (await hereEndpoint())) {
    const reg = await navigator.serviceWorker.getRegistration()
    await (await reg?.pushManager.getSubscription())?.unsubscribe()
  }
}

export function usePushDevices() {
  const queryClient = useQueryClient()
  const devices = useQuery({ queryKey: pushKeys.devices, queryFn: listDevices })
  const here = useQuery({ queryKey: pushKeys.here, queryFn: hereEndpoint })
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['push'] })
  return {
    devices,
    here,
    turnOn: useMutation({ mutationFn: turnOn, onSettled }),
    remove: useMutation({ mutationFn: remove, onSettled }),
    test: useMutation({
      mutationFn: (id: string) => rpcOne('test_push_subscription', { p_id: id }).then(() => id),
    }),
  }
}
