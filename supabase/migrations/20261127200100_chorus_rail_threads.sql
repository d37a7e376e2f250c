-- The rail counts followed threads again. workspace_badges() (the rail's badge of each workspace
-- not open) took channels only, so a workspace whose only news was in a followed thread showed as
-- read, while the Threads entry inside it (threads(): the unread replies of the threads I follow)
-- showed a count. Now a followed thread with unread replies makes its workspace unread (bold) by
-- the same rule as threads() (my following rows in channels I am in; like it, whatever the
-- channel's mute: following a thread is my own choice), and each mention of me among its unread
-- replies kept in the thread is red, as a mention in a channel is (a reply also sent to the
-- channel is counted there, once). Channels count as before.
create or replace function public.workspace_badges()
returns table (workspace_id uuid, mention_count bigint, has_unread boolean)
language sql stable security definer set search_path = '' as $$
  with channel_badges as (
    select c.workspace_id,
      case
        when c.kind = 'dm' then greatest(c.last_seq - cm.last_read_seq, 0)
        else (
          select count(*) from (
            select 1 from public.messages m
            where m.channel_id = c.id and m.in_channel
              and m.seq > greatest(cm.last_read_seq, c.last_seq - 1000)
              and m.mentions @> array[cm.user_id] and m.deleted_at is null
          ) as mentioned
        )
      end as mentions
    from public.channel_members cm
    join public.channels c on c.id = cm.channel_id
    where cm.user_id = (select auth.uid()) and not cm.muted
      and c.workspace_id in (select private.workspace_ids())
      and c.last_seq > cm.last_read_seq
  ),
  thread_badges as (
    select c.workspace_id,
      (
        select count(*) from (
          select 1 from public.messages m
          where m.parent_id = t.id and not m.in_channel
            and m.thread_seq > greatest(tm.last_read_seq, t.last_seq - 1000)
            and m.mentions @> array[tm.user_id] and m.deleted_at is null
        ) as mentioned
      ) as mentions
    from public.thread_members tm
    join public.channel_members cm on cm.channel_id = tm.channel_id and cm.user_id = tm.user_id
    join public.channels c on c.id = tm.channel_id
    join public.threads t on t.id = tm.thread_id
    where tm.user_id = (select auth.uid()) and tm.following
      and c.workspace_id in (select private.workspace_ids())
      and t.last_seq > tm.last_read_seq
  )
  select b.workspace_id, coalesce(sum(b.mentions), 0)::bigint, true
  from (select * from channel_badges union all select * from thread_badges) as b
  group by b.workspace_id
$$;
