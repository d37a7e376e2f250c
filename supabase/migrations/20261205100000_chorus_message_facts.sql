-- A message carries its facts (issue 51, item 4). The app learnt who posted an app's message
-- (an incoming webhook's, a slash command's answer: no author) from a second fetch of
-- integration_messages and a second live event, and guessed a removal from an empty text. Now
-- the page functions and the live event of a message carry them:
--
-- - app_name, app_username: the integration's name and the name the post asked for, for a
--   message without an author that an integration posted (null for every other message);
-- - removed_at: when an admin removed it (moderation), null while it is not removed.
--
-- The live event of a new message without an author is sent when its transaction commits (a
-- deferred trigger), since the integration's row is written after the message; it carries the
-- message as it then is. The integration row's own live event is no longer sent: nothing reads it.

create function private.live_message() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  m public.messages := new;
begin
  if tg_op = 'INSERT' and new.author_id is null then
    -- at commit: the message as it stands then (gone: nothing to say)
    select * into m from public.messages x where x.id = new.id;
    if not found then
      return null;
    end if;
  end if;
  perform private.live_send(
    'live:channel:' || m.channel_id::text, 'messages', tg_op,
    to_jsonb(m) || coalesce((
      select jsonb_build_object('app_name', i.app_name, 'app_username', i.username)
      from public.integration_messages i
      where m.author_id is null and i.message_id = m.id
    ), '{"app_name": null, "app_username": null}'::jsonb)
  );
  return null;
end
$$;

drop trigger messages_live on public.messages;
create trigger messages_live after update on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.live_message();
create trigger messages_live_insert after insert on public.messages
  for each row when (new.author_id is not null
    and current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.live_message();
create constraint trigger messages_live_insert_authorless after insert on public.messages
  deferrable initially deferred
  for each row when (new.author_id is null
    and current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.live_message();

drop trigger integration_messages_live on public.integration_messages;

revoke all on function private.live_message() from public, anon, authenticated, service_role;

-- The pages: as before, with the three facts after the message's own columns.
drop function public.message_page(uuid, bigint, bigint, integer);
drop function public.thread_page(uuid, bigint, bigint, integer);

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
  thread_seq bigint,
  in_channel boolean,
  created_at timestamptz,
  edited_at timestamptz,
  deleted_at timestamptz,
  removed_at timestamptz,
  app_name text,
  app_username text,
  reactions jsonb,
  attachments jsonb,
  thread jsonb
)
language sql stable set search_path = '' as $$
  with page as (
    (
      select m.* from public.messages m
      where p_after_seq is null and m.channel_id = p_channel_id and m.in_channel
        and m.seq < coalesce(p_before_seq, 9223372036854775807)
      order by m.seq desc
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
    union all
    (
      select m.* from public.messages m
      where p_after_seq is not null and m.channel_id = p_channel_id and m.in_channel
        and m.seq > p_after_seq
      order by m.seq
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
  )
  select page.id, page.channel_id, page.seq, page.author_id, page.body, page.mentions,
    page.parent_id, page.thread_seq, page.in_channel, page.created_at, page.edited_at,
    page.deleted_at, page.removed_at, app.app_name, app.username,
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
    ), '[]'::jsonb),
    (select to_jsonb(t) from public.threads t where t.id = page.id)
  from page
  left join lateral (
    select i.app_name, i.username from public.integration_messages i
    where page.author_id is null and i.message_id = page.id
  ) app on true
  order by page.seq
$$;

create function public.thread_page(
  p_thread_id uuid,
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
  thread_seq bigint,
  in_channel boolean,
  created_at timestamptz,
  edited_at timestamptz,
  deleted_at timestamptz,
  removed_at timestamptz,
  app_name text,
  app_username text,
  reactions jsonb,
  attachments jsonb,
  thread jsonb
)
language sql stable set search_path = '' as $$
  with page as (
    (
      select m.* from public.messages m
      where p_after_seq is null and m.parent_id = p_thread_id
        and m.thread_seq < coalesce(p_before_seq, 9223372036854775807)
      order by m.thread_seq desc
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
    union all
    (
      select m.* from public.messages m
      where p_after_seq is not null and m.parent_id = p_thread_id and m.thread_seq > p_after_seq
      order by m.thread_seq
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
  )
  select page.id, page.channel_id, page.seq, page.author_id, page.body, page.mentions,
    page.parent_id, page.thread_seq, page.in_channel, page.created_at, page.edited_at,
    page.deleted_at, page.removed_at, app.app_name, app.username,
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
    ), '[]'::jsonb),
    null::jsonb
  from page
  left join lateral (
    select i.app_name, i.username from public.integration_messages i
    where page.author_id is null and i.message_id = page.id
  ) app on true
  order by page.thread_seq
$$;

revoke all on function
  public.message_page(uuid, bigint, bigint, integer),
  public.thread_page(uuid, bigint, bigint, integer)
  from public, anon;
grant execute on function
  public.message_page(uuid, bigint, bigint, integer),
  public.thread_page(uuid, bigint, bigint, integer)
  to authenticated, service_role;
