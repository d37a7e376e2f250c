// Who is online in a workspace, and who of them is away: everyone with the app open tracks
// themselves on the workspace's presence channel with their activity (active or away, see
// activity.ts) and whether their Do Not Disturb is on (the shell passes it in: a schedule or a
// snooze); the set of keys is the set of people online. Someone with several tabs is away only
// when every tab is, and in Do Not Disturb when any tab says so (the tab that changed it knows
// first).
import { useEffect, useMemo, useRef, useState } from 'react'
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js'
import { quietJoinWaitMs } from '../../../lib/realtime-client.ts'
import { realtime } from '../../../lib/supabase.ts'
import { presenceOf } from './presence-of.ts'
import type { Meta, Presence } from './presence-of.ts'
import { workspaceTopic } from './topics.ts'
import { useActivity } from './use-activity.ts'

/** `enabled` false (a guest: the workspace's presence is not theirs to join): nobody online. */
export function usePresence(
  workspaceId: string,
  userId: string,
  dnd = false,
  enabled = true
): Presence {
  const activity = useActivity()
  const activityRef = useRef(activity)
  const dndRef = useRef(dnd)
  const channelRef = useRef<RealtimeChannel | null>(null)
  const [state, setState] = useState<Record<string, readonly Meta[]>>({})

  useEffect(() => {
    if (!enabled) return
    // Realtime's client loads after the first screen (lib/supabase.ts): joined once it is in.
    let client: RealtimeClient | null = null
    let channel: RealtimeChannel | null = null
    let stopped = false
    let forget: ReturnType<typeof setTimeout> | undefined
    const join = (rt: RealtimeClient) => {
      if (stopped) return
      client = rt
      const joining = rt.channel(workspaceTopic(workspaceId), {
        config: { private: true, presence: { key: userId } },
      })
      joining
        .on('presence', { event: 'sync' }, () => {
          setState({ ...(joining.presenceState() as Record<string, Meta[]>) })
        })
        .subscribe((status) => {
          clearTimeout(forget)
          // Not joined (the socket lost, the server gone): what the channel last said is no
          // longer known to be true, and would show people online long after they left. Nobody
          // but me is online until the join's presence_state says again who is. Unless the
          // server's join limit only asked to wait (a sign-in storm): then who was online stays
          // shown for that quiet wait, not everyone's dot going grey and back.
          if (status !== 'SUBSCRIBED') {
            queueMicrotask(() => {
              if (stopped) return
              const wait = quietJoinWaitMs()
              if (wait <= 0) return setState({})
              forget = setTimeout(() => {
                if (joining.state !== 'joined') setState({})
              }, wait)
            })
          }
          if (status === 'SUBSCRIBED') {
            void joining.track({
              user_id: userId,
              online_at: new Date().toISOString(),
              state: activityRef.current,
              dnd: dndRef.current,
            })
          }
        })
      channel = joining
      channelRef.current = joining
    }
    // The browser says its network is gone: the channel cannot hear anyone leave meanwhile (its
    // socket may look open for a while yet). Back online, what it holds is shown again, and a
    // lost socket's rejoin brings the state afresh.
    const offline = () => setState({})
    const online = () => {
      if (channel?.state === 'joined')
        setState({ ...(channel.presenceState() as Record<string, Meta[]>) })
    }
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    void realtime().then(join, () => undefined)
    return () => {
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
      stopped = true
      clearTimeout(forget)
      channelRef.current = null
      setState({})
      if (client && channel) void client.removeChannel(channel)
    }
  }, [workspaceId, userId, enabled])

  useEffect(() => {
    if (activityRef.current === activity && dndRef.current === dnd) return
    activityRef.current = activity
    dndRef.current = dnd
    const channel = channelRef.current
    if (channel?.state === 'joined') {
      // Left and joined again rather than tracked over: realtime-js (2.x) strips the phx_ref of
      // a key's earlier metas when a join for that key arrives, so the leave that follows an
      // update never removes them and the others would keep the old state beside the new.
      void channel.untrack().then(() =>
        channel.track({
          user_id: userId,
          online_at: new Date().toISOString(),
          state: activity,
          dnd,
        })
      )
    }
  }, [activity, dnd, userId])

  return useMemo(() => presenceOf(state, userId, activity, dnd), [state, userId, activity, dnd])
}
