// A workspace's custom emoji over supabase-js: the rows its members read (row-level security),
// each with an address of its image resized by Storage to 128 px (animation kept), signed for a
// week and kept for the session; adding one (the image into the workspace's folder of the
// `custom-emoji` bucket, then the row), removing one (the row, then its image), and the
// workspace's setting of who may add them. The list is read again when the workspace's live
// topic says one was added or removed, or the setting changed.
import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { rpcOne } from '../../../lib/rpc.ts'
import { storage, supabase } from '../../../lib/supabase.ts'

/** The bucket of the images (data/store.ts names it too: its chunk holds no more than it needs). */
export const BUCKET = 'custom-emoji'
/** The side of the square an image is resized into (its aspect ratio kept). */
export const EMOJI_PX = 128
/** The largest upload the bucket takes. */
export const MAX_BYTES = 1024 * 1024
export const TYPES = ['image/png', 'image/gif', 'image/webp']
/** Lowercase letters, digits, - and _, as the database checks (private.clean_custom_emoji_name). */
export const NAME = /^[a-z0-9_-]{1,30}$/

export interface CustomEmoji {
  id: string
  name: string
  aliases: string[]
  path: string
  createdBy: string | null
  createdAt: string
  /** The image at 128 px (a signed address). */
  url: string
}

export type AddedBy = 'members' | 'admins'

export const customEmojiKeys = {
  list: (workspaceId: string) => ['custom-emoji', workspaceId] as const,
  policy: (workspaceId: string) => ['custom-emoji', workspaceId, 'policy'] as const,
}

const WEEK = 7 * 24 * 3600
const signed = new Map<string, { url: string; until: number }>()

/** The resized image's address, signed again only when it has less than a day left. */
async function imageUrl(path: string): Promise<string> {
  const kept = signed.get(path)
  if (kept && kept.until > Date.now() + 24 * 3600_000) return kept.url
  const { data, error } = await (await storage()).from(BUCKET).createSignedUrl(path, WEEK, {
    transform: { width: EMOJI_PX, height: EMOJI_PX, resize: 'contain' },
  })
  if (error) throw error
  signed.set(path, { url: data.signedUrl, until: Date.now() + WEEK * 1000 })
  return data.signedUrl
}

export async function fetchCustomEmoji(workspaceId: string): Promise<CustomEmoji[]> {
  const { data, error } = await supabase()
    .from('custom_emoji')
    .select('id, name, aliases, image_path, created_by, created_at')
    .eq('workspace_id', workspaceId)
    .order('name')
  if (error) throw error
  return Promise.all(
    data.map(async (row) => ({
      id: row.id,
      name: row.name,
      aliases: row.aliases,
      path: row.image_path,
      createdBy: row.created_by,
      createdAt: row.created_at,
      url: await imageUrl(row.image_path),
    }))
  )
}

export function useCustomEmojiList(workspaceId: string) {
  return useQuery({
    queryKey: customEmojiKeys.list(workspaceId),
    queryFn: () => fetchCustomEmoji(workspaceId),
    staleTime: 5 * 60_000,
  })
}

/** The list and the setting read again as the workspace's live topic tells (not for guests:
 * they have no workspace topic, and read the list when they open the workspace). */
export function useCustomEmojiLive(workspaceId: string, live: boolean): void {
  const queryClient = useCatchUpClient()
  useEffect(() => {
    if (!live) return
    return subscribeLive(liveTopic.workspace(workspaceId), {
      onChange: (change) => {
        if (change.table === 'custom_emoji')
          void queryClient.invalidateQueries({ queryKey: customEmojiKeys.list(workspaceId) })
        if (change.table === 'workspaces')
          void queryClient.invalidateQueries({ queryKey: customEmojiKeys.policy(workspaceId) })
      },
      // what changed while the topic was down
      onJoined: (joined) => {
        if (joined)
          void catchUp(queryClient, liveTopic.workspace(workspaceId), {
            queryKey: customEmojiKeys.list(workspaceId),
          })
      },
    })
  }, [queryClient, workspaceId, live])
}

export function useCustomEmojiPolicy(workspaceId: string) {
  return useQuery({
    queryKey: customEmojiKeys.policy(workspaceId),
    queryFn: async (): Promise<AddedBy> => {
      const { data, error } = await supabase()
        .from('workspaces')
        .select('custom_emoji_by')
        .eq('id', workspaceId)
        .single()
      if (error) throw error
      return data.custom_emoji_by === 'admins' ? 'admins' : 'members'
    },
  })
}

/** A name as the database will store it: lowercase, without colons or spaces around it. */
export function cleanName(input: string): string {
  return input
    .trim()
    .replace(/^:+|:+$/g, '')
    .trim()
    .toLowerCase()
}

/** A file's name as an emoji name: "Party Parrot.gif" is "party-parrot". */
export function nameFromFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
}

/** The aliases typed in one box ("parrot, :pp:"): each cleaned, none empty. */
export function parseAliases(input: string): string[] {
  return [
    ...new Set(
      input
        .split(/[\s,]+/)
        .map(cleanName)
        .filter(Boolean)
    ),
  ]
}

function extensionOf(type: string): string {
  return type === 'image/gif' ? 'gif' : type === 'image/webp' ? 'webp' : 'png'
}

export function useCustomEmojiChanges(workspaceId: string) {
  const queryClient = useQueryClient()
  const onSettled = () =>
    queryClient.invalidateQueries({ queryKey: customEmojiKeys.list(workspaceId) })
  return {
    add: useMutation({
      mutationFn: async (e: { file: Blob; name: string; aliases: string[] }) => {
        const bucket = (await storage()).from(BUCKET)
        const path = `${workspaceId}/${crypto.randomUUID()}.${extensionOf(e.file.type)}`
        const uploaded = await bucket.upload(path, e.file, { contentType: e.file.type })
        if (uploaded.error) throw uploaded.error
        const { error } = await supabase()
          .from('custom_emoji')
          .insert({ workspace_id: workspaceId, name: e.name, aliases: e.aliases, image_path: path })
        if (error) {
          // the name was refused: the image goes too
          await bucket.remove([path])
          throw error
        }
      },
      onSettled,
    }),
    remove: useMutation({
      mutationFn: async (e: CustomEmoji) => {
        const { error } = await supabase().from('custom_emoji').delete().eq('id', e.id)
        if (error) throw error
        // The image is no longer shown anywhere; a failure here leaves only an unused file.
        await (await storage()).from(BUCKET).remove([e.path])
      },
      onSettled,
    }),
    policy: useMutation({
      mutationFn: (who: AddedBy) =>
        rpcOne('set_custom_emoji_by', { p_workspace_id: workspaceId, p_who: who }),
      onSettled: () =>
        queryClient.invalidateQueries({ queryKey: customEmojiKeys.policy(workspaceId) }),
    }),
  }
}
