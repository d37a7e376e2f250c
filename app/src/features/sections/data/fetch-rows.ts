// My sections of a workspace with their channels, as the sidebar arranges them (a lazy chunk:
// layout.ts's query loads it once the first screen is shown).
import { supabase } from '../../../lib/supabase.ts'
import type { SectionRow } from './types.ts'

export async function fetchRows(workspaceId: string): Promise<SectionRow[]> {
  const { data, error } = await supabase()
    .from('sidebar_sections')
    .select('id,kind,name,position,collapsed,sort,sidebar_placements(channel_id,position)')
    .eq('workspace_id', workspaceId)
  if (error) throw error
  return data as SectionRow[]
}
