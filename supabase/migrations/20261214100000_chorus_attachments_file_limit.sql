-- The largest file is a workspace setting (issue 68, item 4): `workspaces.max_file_bytes`, 50 MB
-- (50,000,000 bytes, what the app held every file to until now; the bucket's 50 MiB was never
-- reached) unless its owners or admins choose from 1 MB up to the attachments bucket's limit. The
-- bucket's limit becomes the project's (2 GiB, as the imports bucket's; config.toml's [storage]
-- file_size_limit, on hosted Supabase the plan's global limit, bounds it in turn).
--
-- Enforced by the server, not only the app, for anyone using supabase-js directly:
--
-- * At upload. Storage writes the object's row (with its size) as itself after the bytes are
--   stored, so row-level security never sees a size; what it does see, in the dry-run insert it
--   makes as the caller before taking any byte (every request of a resumable upload too), is the
--   request's headers (`request.headers`) and its operation (`storage.operation`). A restrictive
--   policy reads the size the request declares from them: a standard upload's Content-Length
--   (its multipart envelope allowed for), a resumable upload's Upload-Length or, for a deferred
--   length, each PATCH's Upload-Offset + Content-Length. Over the limit it raises `42501`, which
--   Storage answers as AccessDenied with this message (403 in the body's statusCode; plain text
--   for tus), ending in the code `(file_too_large)`: Storage passes on only the message. An
--   upload that declares no size, or a way in that declares none (a signed upload URL, a copy or
--   a move into the bucket, S3 multipart), is refused likewise (`file_size_unknown`).
-- * At send. The attachment row reads the stored object's real size; over the limit,
--   send_message fails with `file_too_large` in PostgREST's details and nothing is stored (this
--   also holds a file uploaded under a higher limit, or within the multipart allowance).

alter table public.workspaces
  add column max_file_bytes bigint not null default 50000000,
  add constraint workspaces_max_file_bytes check (max_file_bytes >= 1000000);

update storage.buckets set file_size_limit = 2147483648 where id = 'attachments';

-- Owners and admins set it, as the rest of Workspace settings; from 1 MB to the bucket's limit.
create function public.set_workspace_file_limit(p_workspace_id uuid, p_bytes bigint)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  ceiling bigint;
begin
  perform private.require_uid();
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only owners and admins can change the largest file people can share.',
      detail = 'workspace_admin_only';
  end if;
  select coalesce(b.file_size_limit, 2147483648) into ceiling
  from storage.buckets b where b.id = 'attachments';
  ceiling := coalesce(ceiling, 2147483648);
  if p_bytes is null or p_bytes < 1000000 or p_bytes > ceiling then
    raise exception using errcode = '22023',
      message = format('The largest file is 1000000 to %s bytes (1 MB to the server''s limit); %s was asked.',
        ceiling, coalesce(p_bytes::text, 'null')),
      detail = 'file_limit_out_of_range',
      hint = format('Choose a size in bytes from 1000000 to %s.', ceiling);
  end if;
  update public.workspaces set max_file_bytes = p_bytes where id = p_workspace_id;
  return p_bytes;
end
$$;
revoke all on function public.set_workspace_file_limit(uuid, bigint) from public, anon;
grant execute on function public.set_workspace_file_limit(uuid, bigint) to authenticated, service_role;

-- A header's whole number, or null (absent, empty or not a number).
create function private.header_bytes(p_headers jsonb, p_name text)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case when p_headers ->> p_name ~ '^\s*[0-9]{1,19}\s*$'
    then btrim(p_headers ->> p_name)::numeric end
$$;
revoke all on function private.header_bytes(jsonb, text) from public, anon;
grant execute on function private.header_bytes(jsonb, text) to authenticated, service_role;

-- Whether an upload to the attachments bucket fits its workspace's limit, by the size its request
-- declares (see above); raises the refusal itself, so that Storage passes its message on. True
-- for other buckets, for paths of no workspace of the caller's (the other policies refuse those)
-- and outside a request (SQL run directly, which Storage's API never is).
create function private.attachment_upload_fits(p_bucket text, p_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  ws uuid;
  ws_name text;
  max_bytes bigint;
  headers jsonb;
  operation text;
  declared numeric;
  allowance bigint := 0;
begin
  if p_bucket is distinct from 'attachments'
    or split_part(p_name, '/', 1) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return true;
  end if;
  ws := split_part(p_name, '/', 1)::uuid;
  if ws not in (select private.workspace_ids()) then
    return true;
  end if;
  begin
    headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    headers := null;
  end;
  if headers is null or jsonb_typeof(headers) <> 'object' then
    return true;
  end if;
  select w.name, w.max_file_bytes into ws_name, max_bytes from public.workspaces w where w.id = ws;
  operation := coalesce(current_setting('storage.operation', true), '');
  if operation in ('storage.object.sign_upload_url', 'storage.object.copy', 'storage.object.move',
    'storage.s3.object.copy', 'storage.s3.upload.create_multipart', 'storage.s3.upload.part',
    'storage.s3.upload.part_copy', 'storage.s3.upload.complete_multipart') then
    declared := null;
  elsif operation like 'storage.tus.%' then
    declared := greatest(private.header_bytes(headers, 'upload-length'),
      coalesce(private.header_bytes(headers, 'upload-offset'), 0)
        + private.header_bytes(headers, 'content-length'));
  else
    declared := coalesce(private.header_bytes(headers, 'x-amz-decoded-content-length'),
      private.header_bytes(headers, 'content-length'));
    -- A form upload's body is the file in a multipart envelope (boundaries, the part's headers,
    -- cacheControl and metadata fields): the file itself is a little smaller than the body.
    if coalesce(headers ->> 'content-type', '') ilike 'multipart/form-data%' then
      allowance := 16384;
    end if;
  end if;
  if declared is null then
    raise exception using errcode = '42501',
      message = format('Files in %s are uploaded by a request that says how large they are (Content-Length, or Upload-Length resumably); they can be at most %s bytes (file_size_unknown).',
        ws_name, max_bytes),
      detail = 'file_size_unknown';
  end if;
  if declared > max_bytes + allowance then
    raise exception using errcode = '42501',
      message = format('Files in %s can be at most %s bytes; this upload is %s bytes (file_too_large).',
        ws_name, max_bytes, declared),
      detail = 'file_too_large';
  end if;
  return true;
end
$$;
revoke all on function private.attachment_upload_fits(text, text) from public, anon;
grant execute on function private.attachment_upload_fits(text, text) to authenticated, service_role;

create policy "attachments: uploads fit the workspace's limit" on storage.objects
  as restrictive for insert to authenticated
  with check (private.attachment_upload_fits(bucket_id, name));

create policy "attachments: replacements fit the workspace's limit" on storage.objects
  as restrictive for update to authenticated
  using (true)
  with check (private.attachment_upload_fits(bucket_id, name));

-- At send: the stored object's real size within the workspace's limit (a person's files; an
-- import, run by the service, brings what the other service had).
create or replace function private.attachments_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  msg record;
  obj record;
  folder text;
  ws record;
begin
  select m.channel_id, m.author_id, m.deleted_at, c.workspace_id into msg
  from public.messages m join public.channels c on c.id = m.channel_id
  where m.id = new.message_id;
  if not found or (uid is not null and msg.author_id is distinct from uid) then
    raise exception using errcode = '42501', message = 'You can only attach files to your own messages.', detail = 'not_message_author';
  end if;
  if msg.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  folder := msg.workspace_id::text || '/' || msg.channel_id::text || '/' || new.message_id::text || '/';
  if new.path is null or left(new.path, char_length(folder)) <> folder
    or char_length(new.path) = char_length(folder) or strpos(substr(new.path, char_length(folder) + 1), '/') > 0 then
    raise exception using errcode = '22023',
      message = 'An attachment must be a file in its message''s folder.',
      detail = 'attachment_path_invalid',
      hint = format('Expected attachments/%s<file name>', folder);
  end if;
  select o.owner_id, o.owner, o.metadata into obj
  from storage.objects o where o.bucket_id = 'attachments' and o.name = new.path;
  if not found then
    raise exception using errcode = '22023',
      message = 'The file has not been uploaded.',
      detail = 'attachment_not_uploaded',
      hint = 'Upload it to the attachments bucket first.';
  end if;
  if uid is not null and coalesce(obj.owner_id, obj.owner::text) is distinct from uid::text then
    raise exception using errcode = '42501', message = 'You can only attach files you uploaded.', detail = 'not_file_uploader';
  end if;
  if (select count(*) from public.attachments a where a.message_id = new.message_id) >= 10 then
    raise exception using errcode = '22023', message = 'A message can have at most 10 attachments.', detail = 'too_many_attachments';
  end if;
  new.size := coalesce((obj.metadata ->> 'size')::bigint, (obj.metadata ->> 'contentLength')::bigint, 0);
  new.mime_type := coalesce(nullif(obj.metadata ->> 'mimetype', ''), 'application/octet-stream');
  new.name := private.clean_line(
    coalesce(nullif(new.name, ''), substr(new.path, char_length(folder) + 1)), 'File name', 255
  );
  if uid is not null then
    select w.name, w.max_file_bytes into ws from public.workspaces w where w.id = msg.workspace_id;
    if new.size > ws.max_file_bytes then
      raise exception using errcode = '42501',
        message = format('%s is %s bytes; files in %s can be at most %s bytes.',
          new.name, new.size, ws.name, ws.max_file_bytes),
        detail = 'file_too_large',
        hint = 'Share a smaller file, or ask an admin to raise the limit in Workspace settings.';
    end if;
  end if;
  new.channel_id := msg.channel_id;
  new.uploader_id := coalesce(uid, new.uploader_id, msg.author_id);
  new.bucket_id := 'attachments';
  new.created_at := now();
  return new;
end
$$;

-- Audited with the workspace's other settings.
create or replace function private.audit_workspaces()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit(new.id, 'workspace.created', 'workspace', new.id::text, new.name);
    return null;
  end if;
  if new.name is distinct from old.name then
    perform private.audit(new.id, 'workspace.renamed', 'workspace', new.id::text, new.name,
      jsonb_build_object('from', old.name, 'to', new.name));
  end if;
  if new.require_mfa is distinct from old.require_mfa then
    perform private.audit(new.id,
      case when new.require_mfa then 'workspace.mfa_required' else 'workspace.mfa_not_required' end,
      'workspace', new.id::text, new.name);
  end if;
  if new.email_delay_minutes is distinct from old.email_delay_minutes then
    perform private.audit(new.id, 'workspace.email_delay_changed', 'workspace', new.id::text,
      new.name, jsonb_build_object('from', old.email_delay_minutes, 'to', new.email_delay_minutes));
  end if;
  if new.max_file_bytes is distinct from old.max_file_bytes then
    perform private.audit(new.id, 'workspace.file_limit_changed', 'workspace', new.id::text,
      new.name, jsonb_build_object('from', old.max_file_bytes, 'to', new.max_file_bytes));
  end if;
  return null;
end
$$;

-- The app's workspace list carries the limit, so that the composer refuses a file over it before
-- a byte is sent, in words that name it (and follows a change live, as the list does).
drop function public.my_workspaces();
create function public.my_workspaces()
returns table(id uuid, name text, slug text, role public.workspace_role, joined_at timestamptz,
  created_at timestamptz, unread_count bigint, max_file_bytes bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select w.id, w.name, w.slug, wm.role, wm.joined_at, w.created_at,
    coalesce((
      select sum(greatest(c.last_seq - cm.last_read_seq, 0))
      from public.channel_members cm join public.channels c on c.id = cm.channel_id
      where cm.user_id = wm.user_id and c.workspace_id = w.id and c.archived_at is null
    ), 0)::bigint
    + coalesce((
      select sum(greatest(t.last_seq - tm.last_read_seq, 0))
      from public.thread_members tm
      join public.channel_members cm on cm.channel_id = tm.channel_id and cm.user_id = tm.user_id
      join public.channels c on c.id = tm.channel_id
      join public.threads t on t.id = tm.thread_id
      where tm.user_id = wm.user_id and tm.following and c.workspace_id = w.id and c.archived_at is null
    ), 0)::bigint,
    w.max_file_bytes
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
    and w.id in (select private.workspace_ids())
  order by lower(w.name), w.id
$$;
revoke all on function public.my_workspaces() from public, anon;
grant execute on function public.my_workspaces() to authenticated, service_role;
