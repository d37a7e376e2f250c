// The open workspace's custom emoji as every part of the screen reads them: the live part
// (live-part.tsx) keeps them here while the workspace is open; an emoji in a message or a
// reaction (components/CustomEmoji.tsx) and the emoji picker's section read them. A module of
// the feature's lazy chunks, never of the first screen.
import { useSyncExternalStore } from 'react'
import { storage } from '../../../lib/supabase.ts'
import type { CustomEmoji } from './custom-emoji.ts'

const BUCKET = 'custom-emoji'

export interface CustomEmojiSet {
  workspaceId: string
  workspaceName: string
  list: readonly CustomEmoji[]
  /** Each emoji by its name and by each of its aliases. */
  byName: ReadonlyMap<string, CustomEmoji>
}

let current: CustomEmojiSet | null = null
const listeners = new Set<() => void>()

/** Makes these the open workspace's custom emoji. */
export function publishCustomEmoji(
  workspaceId: string,
  workspaceName: string,
  list: readonly CustomEmoji[]
): void {
  const byName = new Map<string, CustomEmoji>()
  for (const e of list) {
    byName.set(e.name, e)
    for (const alias of e.aliases) if (!byName.has(alias)) byName.set(alias, e)
  }
  current = { workspaceId, workspaceName, list, byName }
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The open workspace's custom emoji (null until they are read). */
export function useCustomEmojiSet(): CustomEmojiSet | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current
  )
}

/** The emoji a `:name:` names (by its name or an alias), if the workspace has it. */
export function findCustom(set: CustomEmojiSet | null, shortcode: string): CustomEmoji | undefined {
  return set?.byName.get(shortcode.replace(/^:|:$/g, ''))
}

/** The image as uploaded (where Storage cannot transform images: a project without it). */
export async function originalUrl(path: string): Promise<string> {
  const { data, error } = await (await storage()).from(BUCKET).createSignedUrl(path, 7 * 24 * 3600)
  if (error) throw error
  return data.signedUrl
}
