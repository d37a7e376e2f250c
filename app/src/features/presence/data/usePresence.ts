// Who is online in a workspace: everyone with the app open tracks themselves on the workspace's
// presence channel; the set of keys is the set of people online.
import { useEffect, useState } from 'react'
import { supabase } from '../../../lib/supabase.ts'
import { workspaceTopic } from './topics.ts'

export function usePresence(workspaceId: string, userId: string): ReadonlySet<string> {
  const [online, setOnline] = useState<ReadonlySet<string>>(() => new Set([userId]))

  useEffect(() => {
    const client = supabase()
    const channel = client.channel(workspaceTopic(workspaceId), {
      config: { private: true, presence: { key: userId } },
    })
    channel
      .on('presence', { event: 'sync' }, () => {
        setOnline(new Set([userId, ...Object.keys(channel.presenceState())]))
      })
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') {
          void channel.track({ user_id: userId, online_at: new Date().toISOString() })
        }
      })
    return () => {
      void client.removeChannel(channel)
    }
  }, [workspaceId, userId])

  return online
}
