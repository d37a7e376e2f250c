-- The rail's badges: per workspace of the caller, the red count (mentions of them among the latest
-- 1000 unread of each channel, as channel_list() counts them, plus every unread message of a
-- direct message) and whether anything else is unread (bold). Muted channels count for neither.
create function public.workspace_badges()
returns table (workspace_id uuid, mention_count bigint, has_unread boolean)
language sql stable security definer set search_path = '' as $$
  select c.workspace_id,
    coalesce(sum(
      case
        when c.kind = 'dm' then greatest(c.last_seq - cm.last_read_seq, 0)
        else (
          select count(*) from (
            select 1 from public.messages m
            where m.channel_id = c.id and m.seq > greatest(cm.last_read_seq, c.last_seq - 1000)
              and m.mentions @> array[cm.user_id] and m.deleted_at is null
          ) as mentioned
        )
      end
    ), 0)::bigint,
    bool_or(c.last_seq > cm.last_read_seq)
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and not cm.muted
    and c.workspace_id in (select private.workspace_ids())
    and c.last_seq > cm.last_read_seq
  group by c.workspace_id
$$;

revoke all on function public.workspace_badges() from public, anon;
grant execute on function public.workspace_badges() to authenticated;
