-- Files. `attachments` is private: objects live at <workspace_id>/<channel_id>/<message_id>/<file>
-- and only members of that channel read them (and only while the message is not deleted; an
-- upload not yet sent only by its uploader). `avatars` is public for reading by URL; each user
-- writes only under <user_id>/. Size and type rules are the buckets' own, so Storage refuses a
-- file before any byte is kept. SVG and HTML are refused: opened inline they can run script.

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
  ]),
  ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

-- The app reads the limits to tell people before they upload.
create policy "chorus buckets: signed-in users read settings" on storage.buckets
  for select to authenticated
  using (id in ('attachments', 'avatars'));

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

-- Avatars of the people you share a workspace with, through the API (everyone can fetch a
-- known avatar by its public URL).
create policy "avatars: read co-workers" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'avatars'
    and split_part(name, '/', 1) in (select id::text from private.visible_user_ids() as id)
  );

create policy "avatars: upload own" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'avatars' and split_part(name, '/', 1) = (select auth.uid())::text
    and strpos(name, '/') > 0
  );

create policy "avatars: replace own" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and split_part(name, '/', 1) = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and split_part(name, '/', 1) = (select auth.uid())::text);

create policy "avatars: remove own" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and split_part(name, '/', 1) = (select auth.uid())::text);
