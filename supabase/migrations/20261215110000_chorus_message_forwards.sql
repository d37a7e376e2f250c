-- Issue 71, item 7: forward a message (Slack's "Share message", Discord's forward) to another
-- channel or DM with an optional comment.
--
-- A forward is a message of its own in the destination (its body is the comment, which may be
-- empty), written through send_message and the one pipeline, plus a row of message_forwards: a
-- snapshot of what was shared at that moment (the original's text, author, time, channel, and
-- its place for the "View message" link). The files come along as copies: the app copies each of
-- the original's objects into the forward's own folder (Storage's copy, under its policies: the
-- source must be readable, the destination writable), and forward_message attaches exactly those
-- copies, named after the original's files, so a forward carries what was shared and never more,
-- and the files live and go with the forward (deleted, removed, purged by retention) as any
-- message's files do. Everyone who reads the destination reads the snapshot; the link to the
-- original opens only for those who may read the original's channel (the messages' own policy).
--
-- Who may forward what (as Slack): a message one can read (a member of its channel; not deleted
-- or removed), into a channel of the same workspace one may post in (a member, not archived); a
-- message from a private channel or a DM may go to a public channel only by someone in it. A
-- forward of a forward shares the original (Discord's way), and the rule then holds for the
-- original's channel too.

create table public.message_forwards (
  -- The forward's own message (one row per forward, its id).
  id uuid primary key
    references public.messages(id) on delete cascade deferrable initially deferred,
  workspace_id uuid not null references public.workspaces(id) on delete cascade,
  channel_id uuid not null references public.channels(id) on delete cascade,
  source_message_id uuid references public.messages(id) on delete set null,
  source_channel_id uuid references public.channels(id) on delete set null,
  source_channel_kind public.channel_kind not null,
  -- A public channel's name at the time; a private channel's or a DM's is not shared.
  source_channel_name text,
  -- A reply's thread (its parent), for the link.
  source_parent_id uuid,
  source_author_id uuid references public.profiles(id) on delete set null,
  -- The author's name (or the posting app's) at the time, for those who cannot see the author.
  source_author_name text,
  source_created_at timestamptz not null,
  body text not null default '',
  created_at timestamptz not null default now(),
  constraint message_forwards_body_length check (char_length(body) <= 40000)
);
alter table public.message_forwards enable row level security;

create index message_forwards_channel on public.message_forwards (channel_id);
create index message_forwards_source on public.message_forwards (source_message_id)
  where source_message_id is not null;
create index message_forwards_source_author on public.message_forwards (source_author_id)
  where source_author_id is not null;
create index message_forwards_source_channel on public.message_forwards (source_channel_id)
  where source_channel_id is not null;

-- Whether a forward's message still shows (not deleted, not removed by an admin).
create function private.forward_shown(p_message_id uuid)
 returns boolean
 language sql
 stable security definer
 set search_path to ''
as $$
  select exists (
    select 1 from public.messages m
    where m.id = p_message_id and m.deleted_at is null and m.removed_at is null
  )
$$;
revoke all on function private.forward_shown(uuid) from public;
grant execute on function private.forward_shown(uuid) to authenticated, service_role;

create policy "message_forwards: members read" on public.message_forwards
  as permissive for select to authenticated
  using (channel_id in (select private.member_channel_ids()));
create policy "message_forwards: not of a deleted or removed message" on public.message_forwards
  as restrictive for select to authenticated
  using ((select private.forward_shown(message_forwards.id)));

revoke all on public.message_forwards from anon, authenticated;
grant select on public.message_forwards to authenticated;
grant all on public.message_forwards to service_role;

select private.join_app_gate('public.message_forwards');

-- A forward's snapshot reaches the destination's open screens on its live topic, as a message's
-- files do, just before the message itself (forward_message writes it first): no screen asks the
-- server whether a message that came live is a forward.
create trigger message_forwards_live after insert or delete on public.message_forwards
  for each row execute function private.live_channel_content();

-- A forward is not empty even without a comment or files: it has what it shares.
create or replace function private.messages_check_not_empty()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if private.importing() then
    return null;
  end if;
  if exists (
    select 1 from public.messages m
    where m.id = new.id and m.deleted_at is null and private.is_blank(m.body)
      and not exists (select 1 from public.attachments a where a.message_id = m.id)
      and not exists (select 1 from public.message_forwards f where f.id = m.id)
  ) then
    raise exception using errcode = '23514',
      message = 'Message is empty.',
      detail = 'message_empty',
      hint = 'Write something, or attach a file.';
  end if;
  return null;
end
$function$;

-- Checks that the caller may forward p_message_id into p_channel_id as the new message p_id,
-- stores the snapshot, and gives the files the forward attaches (the copies the app made in the
-- forward's folder, one per file of the original, in its order).
create function private.forward_snapshot(p_id uuid, p_message_id uuid, p_channel_id uuid)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  uid uuid := private.require_uid();
  src public.messages;
  src_ch public.channels;
  dest public.channels;
  inner_f public.message_forwards;
  orig_ch public.channels;
  f public.message_forwards;
  files jsonb;
begin
  select * into src from public.messages m
  where m.id = p_message_id and m.channel_id in (select private.member_channel_ids())
    and m.deleted_at is null and m.removed_at is null;
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  select * into src_ch from public.channels c where c.id = src.channel_id;
  dest := private.require_visible_channel(p_channel_id);
  if dest.workspace_id <> src_ch.workspace_id then
    raise exception using errcode = '22023',
      message = 'A message can be forwarded only within its workspace.',
      detail = 'forward_other_workspace';
  end if;
  if dest.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived.', detail = 'channel_archived';
  end if;
  if p_channel_id not in (select private.postable_channel_ids()) then
    raise exception using errcode = '42501', message = 'Only members of this channel can post in it.', detail = 'not_channel_member';
  end if;

  select * into inner_f from public.message_forwards x where x.id = src.id;
  if found then
    -- A forward of a forward shares the original's snapshot, and the original's place.
    select * into orig_ch from public.channels c where c.id = inner_f.source_channel_id;
    f := inner_f;
    if dest.kind = 'public' and inner_f.source_channel_kind <> 'public' and not exists (
      select 1 from public.channel_members cm
      where cm.channel_id = inner_f.source_channel_id and cm.user_id = uid
    ) then
      raise exception using errcode = '42501',
        message = 'Only people in a private conversation can share its messages in a public channel.',
        detail = 'forward_private_to_public';
    end if;
  else
    f.source_message_id := src.id;
    f.source_channel_id := src.channel_id;
    f.source_channel_kind := src_ch.kind;
    f.source_channel_name := case when src_ch.kind = 'public' then src_ch.name end;
    f.source_parent_id := case when not src.in_channel then src.parent_id end;
    f.source_author_id := src.author_id;
    f.source_author_name := coalesce(
      (select p.display_name from public.profiles p where p.id = src.author_id),
      nullif(src.app_username, ''), src.app_name);
    f.source_created_at := src.created_at;
    f.body := src.body;
  end if;
  -- Reading a private conversation's message means being in it (the messages' policy); said again
  -- here, as the rule is Slack's and not an accident of the policy.
  if dest.kind = 'public' and src_ch.kind <> 'public' and not exists (
    select 1 from public.channel_members cm where cm.channel_id = src_ch.id and cm.user_id = uid
  ) then
    raise exception using errcode = '42501',
      message = 'Only people in a private conversation can share its messages in a public channel.',
      detail = 'forward_private_to_public';
  end if;
  f.id := p_id;
  f.workspace_id := dest.workspace_id;
  f.channel_id := dest.id;
  f.created_at := now();
  insert into public.message_forwards values (f.*);

  select coalesce(jsonb_agg(jsonb_build_object(
      'path', dest.workspace_id::text || '/' || dest.id::text || '/' || p_id::text || '/'
        || regexp_replace(a.path, '^.*/', ''),
      'name', a.name, 'width', a.width, 'height', a.height)
    order by a.created_at, a.id), '[]'::jsonb)
  into files
  from public.attachments a where a.message_id = src.id;
  return files;
end
$$;
revoke all on function private.forward_snapshot(uuid, uuid, uuid) from public;
grant execute on function private.forward_snapshot(uuid, uuid, uuid) to authenticated, service_role;

-- Forwards a message into a channel or DM as the new message p_id, with an optional comment.
-- The app first copies the original's files into attachments/<workspace>/<channel>/<p_id>/ under
-- their names. Sending the same p_id again gives the forward already made.
create function public.forward_message(
  p_id uuid, p_message_id uuid, p_channel_id uuid, p_comment text default '')
 returns public.messages
 language plpgsql
 set search_path to ''
as $$
declare
  uid uuid := private.require_uid();
  m public.messages;
  files jsonb;
begin
  if p_id is null or p_message_id is null or p_channel_id is null then
    raise exception using errcode = '22023', message = 'Say which message to forward, and where.', detail = 'missing_argument';
  end if;
  select * into m from public.messages x where x.id = p_id;
  if found then
    if m.author_id = uid and m.channel_id = p_channel_id
      and exists (select 1 from public.message_forwards f where f.id = p_id) then
      return m;
    end if;
    raise exception using errcode = '23505',
      message = 'Another message already has this id.', detail = 'message_id_taken', hint = 'Make a new id for a new message.';
  end if;
  if char_length(coalesce(p_comment, '')) > 40000 then
    raise exception using errcode = '22023', message = 'A message can be at most 40000 characters long.', detail = 'message_too_long';
  end if;
  files := private.forward_snapshot(p_id, p_message_id, p_channel_id);
  return public.send_message(p_id, p_channel_id, coalesce(p_comment, ''), files);
end
$$;
revoke all on function public.forward_message(uuid, uuid, uuid, text) from public;
grant execute on function public.forward_message(uuid, uuid, uuid, text) to authenticated, service_role;
