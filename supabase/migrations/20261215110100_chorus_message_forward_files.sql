-- Issue 71, item 7: a forward's files are granted through its snapshot, not copied.
--
-- Copying the original's objects into the forward's folder is what Storage's copy would do, but
-- the attachments bucket refuses a copy (attachment_upload_fits: a write must say how large it is,
-- and a copy's request does not, on a hosted project either). So the snapshot lists the
-- original's files as they were when shared (path, name, size, type, dimensions), and whoever
-- reads the forward (a member of its channel, the forward not deleted or removed) may read
-- exactly those objects: a policy on storage.objects grants them through the row, and nothing
-- else of the original's channel. The files stay the original's, as Slack's shared files are:
-- when its author deletes the original message, its files go from every forward too, and the
-- card says so; the text stays as it was shared.

alter table public.message_forwards
  add column files jsonb not null default '[]'::jsonb,
  add constraint message_forwards_files_array check (jsonb_typeof(files) = 'array');

create index message_forwards_files on public.message_forwards using gin (files jsonb_path_ops);

-- Whether the caller reads a forward that shares this object of the attachments bucket.
create function private.forwarded_file_readable(p_name text)
 returns boolean
 language plpgsql
 stable security definer
 set search_path to ''
as $$
begin
  if auth.uid() is null then
    return false;
  end if;
  return exists (
    select 1 from public.message_forwards f
    where f.files @> jsonb_build_array(jsonb_build_object('path', p_name))
      and f.channel_id in (select private.member_channel_ids())
      and private.forward_shown(f.id)
  );
end
$$;
revoke all on function private.forwarded_file_readable(text) from public;
grant execute on function private.forwarded_file_readable(text) to authenticated, service_role;

create policy "attachments: readers of a forward read its files" on storage.objects
  as permissive for select to authenticated
  using (bucket_id = 'attachments' and (select private.forwarded_file_readable(name)));

-- The snapshot takes the files; the forward's message has none of its own.
drop function private.forward_snapshot(uuid, uuid, uuid);
create function private.forward_snapshot(p_id uuid, p_message_id uuid, p_channel_id uuid)
 returns void
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
  f public.message_forwards;
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
    -- A forward of a forward shares the original's snapshot (its files too), and its place.
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
    select coalesce(jsonb_agg(jsonb_build_object(
        'id', a.id, 'path', a.path, 'name', a.name, 'size', a.size, 'mime_type', a.mime_type,
        'width', a.width, 'height', a.height)
      order by a.created_at, a.id), '[]'::jsonb)
    into f.files
    from public.attachments a where a.message_id = src.id;
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
end
$$;
revoke all on function private.forward_snapshot(uuid, uuid, uuid) from public;
grant execute on function private.forward_snapshot(uuid, uuid, uuid) to authenticated, service_role;

create or replace function public.forward_message(
  p_id uuid, p_message_id uuid, p_channel_id uuid, p_comment text default '')
 returns public.messages
 language plpgsql
 set search_path to ''
as $$
declare
  uid uuid := private.require_uid();
  m public.messages;
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
  perform private.forward_snapshot(p_id, p_message_id, p_channel_id);
  return public.send_message(p_id, p_channel_id, coalesce(p_comment, ''), '[]'::jsonb);
end
$$;
