-- Attachments: files in the private bucket `attachments` at
-- <workspace_id>/<channel_id>/<message_id>/<file>, and a row for each file of a sent message.
-- Only members of that channel read them (and only while the message is not deleted; an upload
-- not yet sent only by its uploader). Size and type rules are the bucket's own, so Storage
-- refuses a file before any byte is kept. SVG and HTML are refused: opened inline they can run
-- script.

create table public.attachments (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  uploader_id uuid references public.profiles (id) on delete set null,
  bucket_id text not null default 'attachments',
  -- workspace_id/channel_id/message_id/file name, in the private bucket `attachments`.
  path text not null unique,
  name text not null,
  size bigint not null,
  mime_type text not null,
  width integer,
  height integer,
  created_at timestamptz not null default now(),
  constraint attachments_bucket check (bucket_id = 'attachments'),
  constraint attachments_size check (size >= 0),
  constraint attachments_dimensions check (
    (width is null or width between 1 and 100000) and (height is null or height between 1 and 100000)
  )
);

create index attachments_message on public.attachments (message_id);

create index attachments_channel on public.attachments (channel_id);

alter table public.attachments enable row level security;

-- An attachment row points at a file its author uploaded to
-- attachments/<workspace_id>/<channel_id>/<message_id>/<file>; size and type come from the
-- stored object (which the bucket's limits already checked), never from the client.
create function private.attachments_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  msg record;
  obj record;
  folder text;
begin
  select m.channel_id, m.author_id, m.deleted_at, c.workspace_id into msg
  from public.messages m join public.channels c on c.id = m.channel_id
  where m.id = new.message_id;
  if not found or (uid is not null and msg.author_id is distinct from uid) then
    raise exception using errcode = '42501', message = 'You can only attach files to your own messages.';
  end if;
  if msg.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  end if;
  folder := msg.workspace_id::text || '/' || msg.channel_id::text || '/' || new.message_id::text || '/';
  if new.path is null or left(new.path, char_length(folder)) <> folder
    or char_length(new.path) = char_length(folder) or strpos(substr(new.path, char_length(folder) + 1), '/') > 0 then
    raise exception using errcode = '22023',
      message = 'An attachment must be a file in its message''s folder.',
      detail = format('Expected attachments/%s<file name>', folder);
  end if;
  select o.owner_id, o.owner, o.metadata into obj
  from storage.objects o where o.bucket_id = 'attachments' and o.name = new.path;
  if not found then
    raise exception using errcode = '22023',
      message = 'The file has not been uploaded.',
      hint = 'Upload it to the attachments bucket first.';
  end if;
  if uid is not null and coalesce(obj.owner_id, obj.owner::text) is distinct from uid::text then
    raise exception using errcode = '42501', message = 'You can only attach files you uploaded.';
  end if;
  if (select count(*) from public.attachments a where a.message_id = new.message_id) >= 10 then
    raise exception using errcode = '22023', message = 'A message can have at most 10 attachments.';
  end if;
  new.size := coalesce((obj.metadata ->> 'size')::bigint, (obj.metadata ->> 'contentLength')::bigint, 0);
  new.mime_type := coalesce(nullif(obj.metadata ->> 'mimetype', ''), 'application/octet-stream');
  new.name := private.clean_line(
    coalesce(nullif(new.name, ''), substr(new.path, char_length(folder) + 1)), 'File name', 255
  );
  new.channel_id := msg.channel_id;
  new.uploader_id := coalesce(uid, new.uploader_id, msg.author_id);
  new.bucket_id := 'attachments';
  new.created_at := now();
  return new;
end
$$;

create trigger attachments_before_insert
  before insert on public.attachments
  for each row execute function private.attachments_before_insert();

-- attachments: channel members read; authors add rows for files they uploaded.
create policy "attachments: members read" on public.attachments
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));

create policy "attachments: authors add" on public.attachments
  for insert to authenticated
  with check (uploader_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));

-- Privileges (see the foundation): anon only reads (no rows, under the policies);
-- authenticated updates only the columns a client may change.
revoke all on public.attachments from anon;
grant select on public.attachments to anon;
revoke truncate, references, trigger, update on public.attachments from authenticated;

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('attachments', 'attachments', false, 26214400, array[
    'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/heic',
    'application/pdf', 'text/plain', 'text/markdown', 'text/csv', 'application/json',
    'application/zip', 'application/x-zip-compressed', 'application/gzip',
    'audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav', 'audio/webm',
    'video/mp4', 'video/webm', 'video/quicktime',
    'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation'
  ])
on conflict (id) do nothing;

-- The app reads the limits of both Chorus buckets to tell people before they upload.
create policy "chorus buckets: signed-in users read settings" on storage.buckets
  for select to authenticated
  using (id in ('attachments', 'avatars'));

-- Storage folders "workspace_id/channel_id/" of the caller's channels (all, or postable only).
create function private.member_channel_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select c.workspace_id::text || '/' || c.id::text || '/'
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid())
$$;

create function private.postable_channel_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select c.workspace_id::text || '/' || c.id::text || '/'
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.archived_at is null
$$;

-- The state of the message an attachment folder names, for the caller: 'none' (not sent yet),
-- 'mine' or 'other' (sent, not deleted), 'deleted'. One primary-key lookup.
create function private.message_state(p_message_id text) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select case
      when m.deleted_at is not null then 'deleted'
      when m.author_id = (select auth.uid()) then 'mine'
      else 'other'
    end
    from public.messages m
    where p_message_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      and m.id = p_message_id::uuid
  ), 'none')
$$;

create policy "attachments: channel members read" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'attachments'
    and split_part(name, '/', 1) || '/' || split_part(name, '/', 2) || '/'
      in (select private.member_channel_folders())
    and case private.message_state(split_part(name, '/', 3))
      when 'mine' then true
      when 'other' then true
      when 'none' then owner_id = (select auth.uid())::text
      else false
    end
  );

-- Upload into a channel you can post in, for a message not sent yet or your own.
create policy "attachments: channel members upload" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'attachments'
    and name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]+$'
    and split_part(name, '/', 1) || '/' || split_part(name, '/', 2) || '/'
      in (select private.postable_channel_folders())
    and private.message_state(split_part(name, '/', 3)) in ('none', 'mine')
  );

-- Replace (upsert) your own upload before its message is sent.
create policy "attachments: uploaders replace unsent" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'attachments' and owner_id = (select auth.uid())::text
    and private.message_state(split_part(name, '/', 3)) = 'none'
  )
  with check (
    bucket_id = 'attachments' and owner_id = (select auth.uid())::text
    and split_part(name, '/', 1) || '/' || split_part(name, '/', 2) || '/'
      in (select private.postable_channel_folders())
    and private.message_state(split_part(name, '/', 3)) = 'none'
  );

-- Remove your own upload when the send is cancelled, or after its message was deleted.
create policy "attachments: uploaders remove unsent or deleted" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'attachments' and owner_id = (select auth.uid())::text
    and private.message_state(split_part(name, '/', 3)) in ('none', 'deleted')
  );
