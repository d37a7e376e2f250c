-- The reads that join several subjects in one query: the workspace switcher with unread totals
-- (my_workspaces), the sidebar (channel_list), a page of messages with their reactions and
-- attachments (message_page).

-- The caller's workspaces with their role and unread total, for the workspace switcher.
create function public.my_workspaces()
returns table (
  id uuid,
  name text,
  slug text,
  role public.workspace_role,
  joined_at timestamptz,
  created_at timestamptz,
  unread_count bigint
)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, w.slug, wm.role, wm.joined_at, w.created_at,
    coalesce((
      select sum(greatest(c.last_seq - cm.last_read_seq, 0))
      from public.channel_members cm join public.channels c on c.id = cm.channel_id
      where cm.user_id = wm.user_id and c.workspace_id = w.id and c.archived_at is null
    ), 0)::bigint
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
  order by lower(w.name), w.id
$$;

-- The sidebar: the caller's channels in a workspace with unread counts, in one query. Mentions
-- are counted among the latest 1000 unread messages, so the cost stays bounded.
create function public.channel_list(p_workspace_id uuid)
returns table (
  id uuid,
  workspace_id uuid,
  kind public.channel_kind,
  name text,
  topic text,
  is_default boolean,
  created_by uuid,
  created_at timestamptz,
  archived_at timestamptz,
  last_seq bigint,
  last_message_at timestamptz,
  last_read_seq bigint,
  unread_count bigint,
  mention_count bigint,
  members jsonb
)
language sql stable security definer set search_path = '' as $$
  select c.id, c.workspace_id, c.kind, c.name, c.topic, c.is_default, c.created_by, c.created_at,
    c.archived_at, c.last_seq, c.last_message_at, cm.last_read_seq,
    greatest(c.last_seq - cm.last_read_seq, 0),
    (
      select count(*) from (
        select 1 from public.messages m
        where m.channel_id = c.id and m.seq > greatest(cm.last_read_seq, c.last_seq - 1000)
          and m.mentions @> array[cm.user_id] and m.deleted_at is null
      ) as mentioned
    ),
    case when c.kind = 'dm' then (
      select coalesce(jsonb_agg(
        jsonb_build_object('id', p.id, 'display_name', p.display_name, 'avatar_path', p.avatar_path)
        order by lower(p.display_name), p.id
      ), '[]'::jsonb)
      from public.channel_members other
      join public.profiles p on p.id = other.user_id
      where other.channel_id = c.id and (other.user_id <> cm.user_id or c.dm_key = cm.user_id::text)
    ) end
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.workspace_id = p_workspace_id
  order by c.kind, lower(c.name), c.last_message_at desc nulls last, c.id
$$;

-- A page of a channel's messages, oldest first, each with its reactions and attachments:
-- the latest p_limit before p_before_seq (default: the newest), or, with p_after_seq, the
-- first p_limit after it (catching up after a reconnect). Both walk messages(channel_id, seq).
create function public.message_page(
  p_channel_id uuid,
  p_before_seq bigint default null,
  p_after_seq bigint default null,
  p_limit integer default 50
) returns table (
  id uuid,
  channel_id uuid,
  seq bigint,
  author_id uuid,
  body text,
  mentions uuid[],
  parent_id uuid,
  created_at timestamptz,
  edited_at timestamptz,
  deleted_at timestamptz,
  reactions jsonb,
  attachments jsonb
)
language sql stable set search_path = '' as $$
  with page as (
    (
      select m.* from public.messages m
      where p_after_seq is null and m.channel_id = p_channel_id
        and m.seq < coalesce(p_before_seq, 9223372036854775807)
      order by m.seq desc
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
    union all
    (
      select m.* from public.messages m
      where p_after_seq is not null and m.channel_id = p_channel_id and m.seq > p_after_seq
      order by m.seq
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
  )
  select page.id, page.channel_id, page.seq, page.author_id, page.body, page.mentions,
    page.parent_id, page.created_at, page.edited_at, page.deleted_at,
    coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'emoji', r.emoji, 'user_id', r.user_id,
        'created_at', r.created_at) order by r.created_at, r.id)
      from public.reactions r where r.message_id = page.id
    ), '[]'::jsonb),
    coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'path', a.path, 'name', a.name,
        'size', a.size, 'mime_type', a.mime_type, 'width', a.width, 'height', a.height)
        order by a.created_at, a.id)
      from public.attachments a where a.message_id = page.id
    ), '[]'::jsonb)
  from page
  order by page.seq
$$;
