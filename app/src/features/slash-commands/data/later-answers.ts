// A command app's later ephemeral answers (through its response_url): rows only I can read
// (slash_command_responses), sent live on my own user topic, and gone live when the app replaces
// or deletes them. The open channel's recent ones show
// under the composer until dismissed (dismissing deletes the row).
import { useEffect, useState } from 'react'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { supabase } from '../../../lib/supabase.ts'

export interface LaterAnswer {
  id: string
  command: string
  body: string
}

const RECENT_MS = 60 * 60_000

export function useLaterAnswers(me: string | null, channelId: string) {
  const [answers, setAnswers] = useState<LaterAnswer[]>([])
  useEffect(() => {
    if (!me) return
    let stopped = false
    const add = (row: Record<string, unknown>) => {
      if (row.channel_id !== channelId || typeof row.id !== 'string') return
      const answer = { id: row.id, command: String(row.command), body: String(row.body) }
      setAnswers((list) => (list.some((a) => a.id === answer.id) ? list : [...list, answer]))
    }
    const stop = subscribeLive(liveTopic.user(me), {
      onChange: ({ table, operation, record }) => {
        if (table !== 'slash_command_responses') return
        if (operation === 'INSERT') add(record)
        // replaced or deleted by the app (replace_original, delete_original), or dismissed
        if (operation === 'DELETE') setAnswers((list) => list.filter((a) => a.id !== record.id))
      },
    })
    void supabase()
      .from('slash_command_responses')
      .select('id, command, body, channel_id')
      .eq('channel_id', channelId)
      .gte('created_at', new Date(Date.now() - RECENT_MS).toISOString())
      .order('created_at')
      .then(({ data }) => {
        if (!stopped) for (const row of data ?? []) add(row)
      })
    return () => {
      stopped = true
      stop()
    }
  }, [me, channelId])
  const dismiss = (id: string) => {
    setAnswers((list) => list.filter((a) => a.id !== id))
    void supabase().from('slash_command_responses').delete().eq('id', id)
  }
  return { answers, dismiss }
}
