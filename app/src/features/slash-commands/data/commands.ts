// A workspace's custom slash commands over supabase-js: the list every member sees (name,
// description, usage hint: the composer's autocomplete), and for owners and admins the list with
// URLs (admin_slash_commands()), register (the signing secret comes back once), edit the URL and
// revoke through the RPCs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import type { CommandInfo } from '../parse.ts'

export interface AdminCommand {
  id: string
  name: string
  url: string
  description: string
  usageHint: string
  createdBy: string | null
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}

export const commandKeys = {
  usable: (workspaceId: string) => ['slash-commands', 'usable', workspaceId] as const,
  admin: (workspaceId: string) => ['slash-commands', 'admin', workspaceId] as const,
}

/** The workspace's live custom commands, for the autocomplete and for running them. */
export function useCustomCommands(workspaceId: string | null) {
  return useQuery({
    queryKey: commandKeys.usable(workspaceId ?? ''),
    enabled: !!workspaceId,
    queryFn: async (): Promise<CommandInfo[]> => {
      const { data, error } = await supabase()
        .from('slash_commands')
        .select('name, description, usage_hint')
        .eq('workspace_id', workspaceId!)
        .is('revoked_at', null)
        .order('name')
      if (error) throw error
      return data.map((c) => ({
        name: c.name,
        description: c.description,
        usage: c.usage_hint ? `${c.name} ${c.usage_hint}` : c.name,
        custom: true,
      }))
    },
  })
}

export function useAdminCommands(workspaceId: string) {
  return useQuery({
    queryKey: commandKeys.admin(workspaceId),
    refetchOnMount: 'always',
    queryFn: async (): Promise<AdminCommand[]> =>
      (await rpcRows('admin_slash_commands', { p_workspace_id: workspaceId })).map((c) => ({
        id: c.id,
        name: c.name,
        url: c.url,
        description: c.description,
        usageHint: c.usage_hint,
        createdBy: c.created_by,
        createdAt: c.created_at,
        lastUsedAt: c.last_used_at,
        revokedAt: c.revoked_at,
      })),
  })
}

export interface NewCommand {
  name: string
  url: string
  description: string
  usageHint: string
}

export function useCommandChanges(workspaceId: string) {
  const client = useQueryClient()
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: commandKeys.admin(workspaceId) }),
      client.invalidateQueries({ queryKey: commandKeys.usable(workspaceId) }),
    ])
  const create = useMutation({
    mutationFn: async (input: NewCommand) => {
      const row = await rpcOne('create_slash_command', {
        p_workspace_id: workspaceId,
        p_name: input.name.trim(),
        p_url: input.url.trim(),
        p_description: input.description,
        p_usage_hint: input.usageHint,
      })
      return { id: row.id, name: input.name.trim(), secret: row.signing_secret }
    },
    onSuccess: refresh,
  })
  const update = useMutation({
    mutationFn: (input: { id: string; url: string }) =>
      rpcRows('update_slash_command', { p_id: input.id, p_url: input.url.trim() }),
    onSuccess: refresh,
  })
  const revoke = useMutation({
    mutationFn: (id: string) => rpcRows('revoke_slash_command', { p_id: id }),
    onSuccess: refresh,
  })
  return { create, update, revoke }
}
