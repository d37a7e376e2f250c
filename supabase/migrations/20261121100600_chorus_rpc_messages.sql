-- Message RPCs: send (idempotent, with attachments), edit, delete, react, and a page of
-- messages with their reactions and attachments. They run as the caller (except delete, which
-- lets admins delete any message), so the table policies still decide.

-- Sends a message whose id the client made. A retry with the same id returns the stored
-- message and changes nothing. p_attachments: [{ "path": "<ws>/<channel>/<id>/<file>",
-- "name"?: text, "width"?: int, "height"?: int }] for files already uploaded to `attachments`.
create function public.send_message(
  p_id uuid,
  p_channel_id uuid,
  p_body text,
  p_attachments jsonb default '[]'::jsonb,
  p_parent_id uuid default null
) returns public.messages
language plpgsql volatile set search_path = '' as $$
declare
  m public.messages;
  a jsonb;
  files jsonb := coalesce(p_attachments, '[]'::jsonb);
begin
  if p_id is null or p_channel_id is null then
    raise exception using errcode = '22023', message = 'A message needs its id and channel.';
  end if;
  if jsonb_typeof(files) <> 'array' then
    raise exception using errcode = '22023', message = 'p_attachments must be a JSON array.';
  end if;
  if jsonb_array_length(files) > 10 then
    raise exception using errcode = '22023', message = 'A message can have at most 10 attachments.';
  end if;

  select * into m from public.messages x where x.id = p_id;
  if not found then
    -- The text-or-files rule waits until the attachment rows are in.
    set constraints public.messages_not_empty deferred;
    insert into public.messages (id, channel_id, author_id, body, parent_id)
    values (p_id, p_channel_id, (select auth.uid()), p_body, p_parent_id)
    returning * into m;
    if found then
      for a in select value from jsonb_array_elements(files) loop
        if jsonb_typeof(a) <> 'object' or jsonb_typeof(a -> 'path') <> 'string'
          or coalesce(jsonb_typeof(a -> 'width'), 'null') not in ('number', 'null')
          or coalesce(jsonb_typeof(a -> 'height'), 'null') not in ('number', 'null') then
          raise exception using errcode = '22023',
            message = 'Each attachment needs a "path" (text), and optionally "name", "width", "height".';
        end if;
        insert into public.attachments (message_id, path, name, width, height)
        values (p_id, a ->> 'path', a ->> 'name', (a ->> 'width')::numeric::integer, (a ->> 'height')::numeric::integer);
      end loop;
    else
      -- A concurrent retry stored it first.
      select * into m from public.messages x where x.id = p_id;
    end if;
    set constraints public.messages_not_empty immediate;
  end if;

  if m.id is null or m.channel_id <> p_channel_id or m.author_id is distinct from (select auth.uid()) then
    raise exception using errcode = '23505',
      message = 'Another message already has this id.', hint = 'Make a new id for a new message.';
  end if;
  return m;
end
$$;

-- Replaces the body of one of the caller's messages.
create function public.edit_message(p_id uuid, p_body text)
returns public.messages
language plpgsql volatile set search_path = '' as $$
declare
  m public.messages;
begin
  update public.messages x set body = p_body
  where x.id = p_id and x.author_id = (select auth.uid()) and x.deleted_at is null
  returning * into m;
  if found then
    return m;
  end if;
  select * into m from public.messages x where x.id = p_id;
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.';
  elsif m.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  elsif m.author_id is distinct from (select auth.uid()) then
    raise exception using errcode = '42501', message = 'You can only edit your own messages.';
  end if;
  raise exception using errcode = '42501', message = 'This channel is archived; messages can no longer be changed.';
end
$$;

-- Deletes a message (a tombstone keeps its place): its author, or an owner or admin of the
-- workspace. Deleting a deleted message returns it unchanged.
create function public.delete_message(p_id uuid)
returns public.messages
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages;
  ws uuid;
begin
  select x.* into m from public.messages x
  where x.id = p_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.';
  end if;
  select c.workspace_id into ws from public.channels c where c.id = m.channel_id;
  if m.deleted_at is not null then
    return m;
  end if;
  if m.author_id is distinct from uid
    and coalesce(private.workspace_role(ws)::text, '') not in ('owner', 'admin') then
    raise exception using errcode = '42501',
      message = 'You can only delete your own messages.', hint = 'Workspace owners and admins can delete any message.';
  end if;
  update public.messages x set deleted_at = now() where x.id = p_id returning * into m;
  return m;
end
$$;

-- Adds (p_on = true) or removes the caller's reaction; safe to repeat. Returns whether the
-- reaction is there now.
create function public.set_reaction(p_message_id uuid, p_emoji text, p_on boolean default true)
returns boolean
language plpgsql volatile set search_path = '' as $$
begin
  if coalesce(p_on, true) then
    insert into public.reactions (message_id, user_id, emoji)
    values (p_message_id, (select auth.uid()), p_emoji);
    return true;
  end if;
  delete from public.reactions r
  where r.message_id = p_message_id and r.user_id = (select auth.uid())
    and r.emoji = private.clean_emoji(p_emoji);
  return false;
end
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
