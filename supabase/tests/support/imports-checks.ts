// What the import tests read back from the database to check an import: a workspace's channels,
// its imported history without ids (to compare two imports), and the invariants an import's
// set-based batches must keep as the per-row triggers keep them for a message sent.
import type { Sql } from 'postgres'

/** The workspace's channels but those made with it (#general, #random), by name. */
export async function channelsOf(sql: Sql, ws: string) {
  return sql<
    {
      id: string
      name: string | null
      kind: string
      archived_at: Date | null
      topic: string
      last_seq: string
      dm_key: string | null
    }[]
  >`
    select id, name, kind::text, archived_at, topic, last_seq::text, dm_key from public.channels
    where workspace_id = ${ws} and not is_default and not auto_join order by name nulls last, dm_key`
}

/**
 * What an import's set-based batches must leave as the per-row triggers leave a message sent:
 * each channel numbered 1..n with its last_seq the last; each thread numbered 1..n with its
 * counters and last three repliers; whoever replied or was mentioned in a thread follows it;
 * every message not deleted in the search index once. Returns what is not so (none: []).
 */
export async function brokenInvariants(sql: Sql, ws: string): Promise<string[]> {
  const rows = await sql<{ problem: string }[]>`
    with ms as (
      select m.* from public.messages m join public.channels c on c.id = m.channel_id
      where c.workspace_id = ${ws}
    )
    select 'channel ' || c.name || ': seq ' || coalesce(n.seqs, '{}') || ', last_seq ' || c.last_seq as problem
    from public.channels c
    left join lateral (
      select array_agg(m.seq order by m.seq)::text as seqs, count(*) as n, max(m.seq) as top
      from ms m where m.channel_id = c.id and m.in_channel
    ) n on true
    where c.workspace_id = ${ws}
      and (coalesce(n.top, 0) <> c.last_seq or coalesce(n.top, 0) <> n.n)
    union all
    select 'thread ' || t.id || ': ' || row(t.reply_count, t.last_seq, t.last_reply_at, t.last_repliers)::text
      || ' <> ' || row(x.n, x.top, x.last_at, x.repliers)::text
    from public.threads t
    join lateral (
      select count(*)::int as n, max(m.thread_seq) as top, max(m.created_at) as last_at,
        count(distinct m.thread_seq) as distinct_seqs,
        coalesce((select array_agg(a.author_id order by a.k desc) from (
          select r.author_id, max(r.thread_seq) as k from ms r
          where r.parent_id = t.id and r.author_id is not null
          group by r.author_id order by max(r.thread_seq) desc limit 3
        ) a), '{}') as repliers
      from ms m where m.parent_id = t.id
    ) x on true
    where t.channel_id in (select id from public.channels where workspace_id = ${ws})
      and (t.reply_count <> x.n or t.last_seq <> x.top or x.top <> x.n or x.distinct_seqs <> x.n
        or t.last_reply_at is distinct from x.last_at
        or t.last_repliers <> x.repliers)
    union all
    select 'not following thread ' || m.parent_id || ': ' || u
    from ms m, unnest(array_append(m.mentions, m.author_id)) u
    where m.parent_id is not null and u is not null
      and not exists (select 1 from public.thread_members tm
        where tm.thread_id = m.parent_id and tm.user_id = u and tm.following)
    union all
    select 'search: ' || m.id || ' ' || count(s.message_id)
    from ms m left join private.message_search s on s.message_id = m.id
    group by m.id, m.deleted_at
    having count(s.message_id) <> case when m.deleted_at is null then 1 else 0 end`
  return rows.map((r) => r.problem)
}

/** A workspace's imported history, ids left out. */
export async function importedHistory(sql: Sql, ws: string) {
  return sql`
    select c.name, c.kind::text, c.archived_at is not null as archived,
      regexp_replace(m.body, '[0-9a-f]{8}-[0-9a-f-]{27}', 'id', 'g') as body, m.created_at,
      m.edited_at, m.in_channel, m.parent_id is not null as reply, m.seq, m.thread_seq,
      (select count(*)::int from public.reactions r where r.message_id = m.id) as reactions,
      (select count(*)::int from public.attachments a where a.message_id = m.id) as files
    from public.messages m join public.channels c on c.id = m.channel_id
    where c.workspace_id = ${ws}
    order by m.created_at, m.body`
}
