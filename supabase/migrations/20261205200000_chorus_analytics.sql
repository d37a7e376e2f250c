-- Workspace analytics (the small feature of issue 51, item 1: it touches its own app folder,
-- app/src/features/analytics/, and this migration): for a workspace's owners and admins, each
-- channel they can read with how many messages were sent in it over the last days, by how many
-- people, and when the last one came, busiest first (as Slack's workspace analytics do). Direct
-- messages are left out, as are archived channels. It runs as the caller: a private channel an
-- admin is not in is neither listed nor counted (RLS), as everywhere else.

create function public.workspace_analytics(p_workspace_id uuid, p_days integer default 30)
returns table (
  channel_id uuid,
  name text,
  kind text,
  messages bigint,
  people bigint,
  last_message_at timestamptz
)
language plpgsql stable set search_path = '' as $$
begin
  if p_workspace_id is null
    or p_workspace_id not in (select private.admin_workspace_ids()) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can see its analytics.';
  end if;
  if p_days is null or p_days < 1 or p_days > 366 then
    raise exception using errcode = '22023', message = 'p_days must be from 1 to 366.';
  end if;
  return query
    select c.id, c.name, c.kind::text, count(m.id), count(distinct m.author_id), max(m.created_at)
    from public.channels c
    left join public.messages m
      on m.channel_id = c.id
      and m.deleted_at is null
      and m.created_at >= now() - make_interval(days => p_days)
    where c.workspace_id = p_workspace_id and c.kind <> 'dm' and c.archived_at is null
    group by c.id, c.name, c.kind
    order by count(m.id) desc, c.name;
end
$$;

revoke all on function public.workspace_analytics(uuid, integer) from public, anon;
grant execute on function public.workspace_analytics(uuid, integer) to authenticated, service_role;
