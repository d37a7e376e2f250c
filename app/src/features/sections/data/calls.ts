// Every change of my sections (a lazy chunk: the sidebar loads it on first use), shown at once
// (the layout query patched as the server will have it) and sent through the RPCs; a refusal
// puts the layout back as the server has it and says why in a toast.
import type { QueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { cleanError } from '../../../lib/clean-error.ts'
import { showToast } from '../../../ui/layers.ts'
import { sectionKeys } from './layout.ts'
import type { SectionRow, SectionSort } from './layout.ts'

/** Where a built-in section is until moved (as the server puts it). */
const BUILTIN_AT: Record<string, number> = { starred: -1, channels: 1e6, dms: 2e6 }

async function change(
  client: QueryClient,
  workspaceId: string,
  patch: (rows: SectionRow[]) => SectionRow[],
  send: () => Promise<unknown>,
  rethrow = false
): Promise<boolean> {
  const key = sectionKeys.layout(workspaceId)
  await client.cancelQueries({ queryKey: key })
  client.setQueryData<SectionRow[]>(key, (rows) => patch(rows ?? []))
  try {
    await send()
    return true
  } catch (error) {
    if (rethrow) throw error
    showToast({ message: cleanError(error), tone: 'error' })
    return false
  } finally {
    void client.invalidateQueries({ queryKey: key })
  }
}

/** The row of section `key` (an id or a built-in's kind), made when a built-in has none yet. */
function withRow(rows: SectionRow[], key: string): SectionRow[] {
  if (rows.some((r) => r.id === key || r.kind === key)) return rows
  return [
    ...rows,
    {
      id: key,
      kind: key as SectionRow['kind'],
      name: null,
      position: BUILTIN_AT[key] ?? 0,
      collapsed: false,
      sidebar_placements: [],
    },
  ]
}

const isRow = (r: SectionRow, key: string) =>
  r.id === key || (r.kind !== 'custom' && r.kind === key)

/** A section's collapse, position or sort changed: one path through update_sidebar_section. */
function update(
  client: QueryClient,
  workspaceId: string,
  key: string,
  patch: Partial<Pick<SectionRow, 'collapsed' | 'position' | 'sort'>>
) {
  return change(
    client,
    workspaceId,
    (rows) => withRow(rows, key).map((r) => (isRow(r, key) ? { ...r, ...patch } : r)),
    () =>
      rpcOne('update_sidebar_section', {
        p_workspace_id: workspaceId,
        p_section: key,
        p_collapsed: patch.collapsed,
        p_position: patch.position,
        p_sort: patch.sort ?? undefined,
      })
  )
}

export const setCollapsed = (
  client: QueryClient,
  workspaceId: string,
  key: string,
  collapsed: boolean
) => update(client, workspaceId, key, { collapsed })

/** Sorts a built-in section (Channels, Direct messages): by name, or most recent first. */
export const setSort = (
  client: QueryClient,
  workspaceId: string,
  key: 'channels' | 'dms',
  sort: SectionSort
) => update(client, workspaceId, key, { sort })

export const moveSection = (client: QueryClient, workspaceId: string, key: string, at: number) =>
  update(client, workspaceId, key, { position: at })

/** Renames; a refusal is thrown (the dialog shows it) rather than toasted. */
export function renameSection(
  client: QueryClient,
  workspaceId: string,
  key: string,
  name: string,
  rethrow = false
) {
  return change(
    client,
    workspaceId,
    (rows) => rows.map((r) => (isRow(r, key) ? { ...r, name: name.trim() } : r)),
    () =>
      rpcOne('update_sidebar_section', {
        p_workspace_id: workspaceId,
        p_section: key,
        p_name: name,
      }),
    rethrow
  )
}

export function deleteSection(client: QueryClient, workspaceId: string, key: string) {
  return change(
    client,
    workspaceId,
    (rows) => rows.filter((r) => !isRow(r, key)),
    () => rpcOne('delete_sidebar_section', { p_workspace_id: workspaceId, p_section: key })
  )
}

/** A new section (with `channelId` moved into it); resolves to whether it was made. */
export async function createSection(
  client: QueryClient,
  workspaceId: string,
  name: string,
  channelId?: string
): Promise<boolean> {
  try {
    await rpcOne('create_sidebar_section', {
      p_workspace_id: workspaceId,
      p_name: name,
      ...(channelId ? { p_channel_id: channelId } : {}),
    })
    return true
  } finally {
    void client.invalidateQueries({ queryKey: sectionKeys.layout(workspaceId) })
  }
}

/**
 * Puts a channel in section `key` at `at` (its place among the section's, null: last); Channels
 * or Direct messages (`channels`, `dms`) take it back to its default place.
 */
export function placeChannel(
  client: QueryClient,
  workspaceId: string,
  channelId: string,
  key: string,
  at: number | null
) {
  const home = key === 'channels' || key === 'dms'
  return change(
    client,
    workspaceId,
    (rows) =>
      (home ? rows : withRow(rows, key)).map((r) => {
        const others = r.sidebar_placements.filter((p) => p.channel_id !== channelId)
        if (home || !isRow(r, key)) return { ...r, sidebar_placements: others }
        const last = Math.max(0, ...others.map((p) => p.position))
        return {
          ...r,
          sidebar_placements: [...others, { channel_id: channelId, position: at ?? last + 1 }],
        }
      }),
    () =>
      rpcOne('place_in_sidebar', {
        p_channel_id: channelId,
        p_section: key,
        ...(at === null ? {} : { p_position: at }),
      })
  )
}

/**
 * The position that puts an item at index `to` of a list whose positions are `positions` (the
 * item itself left out): halfway between its new neighbours, or one past either end.
 */
export function positionAt(positions: number[], to: number): number {
  const before = positions[to - 1]
  const after = positions[to]
  if (before === undefined) return after === undefined ? 1 : after - 1
  if (after === undefined) return before + 1
  return (before + after) / 2
}
