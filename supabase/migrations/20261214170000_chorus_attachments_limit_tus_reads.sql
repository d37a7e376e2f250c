-- A resumable upload's termination (tus DELETE), its offset check (HEAD) and OPTIONS declare no
-- size: they are not uploads, and the workspace's file limit (20261214100000) lets them through
-- (Cancel in the composer ends an upload on the server again).

create or replace function private.attachment_upload_fits(p_bucket text, p_name text)
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
  if operation in ('storage.tus.upload.delete', 'storage.tus.upload.get', 'storage.tus.options') then
    return true;
  end if;
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
