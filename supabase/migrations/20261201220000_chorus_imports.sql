-- Slack import (issue 34, part 1): the imports and their archives.
--
-- public.imports: one row per import of an archive (Slack's export, or Chorus's own) into a
-- workspace, with its progress and report; its workspace's owners read it (and see it change
-- live on their live:user:<id> topic). The archive is
-- uploaded by an owner to the private bucket `imports` at `<workspace id>/<name>.zip`;
-- start_import() queues the import and calls the Edge Function `slack-import` through pg_net
-- (Vault's project_url and publishable_key, as retention does). The function works in time slices
-- (*_chorus_imports_batches.sql): each claims the import, records a checkpoint after every batch
-- and calls itself for the next slice; the Supabase Cron job `chorus-imports` calls it again for
-- an import whose heartbeat is older than a minute (a slice that died), which goes on from the
-- checkpoint. cancel_import() stops it and removes what it added. Audit: import.started,
-- import.finished, import.failed, import.cancelled.

create table public.imports (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  started_by uuid references public.profiles (id) on delete set null,
  source_path text not null,
  status text not null default 'queued',
  people integer not null default 0,
  channels integer not null default 0,
  messages_total integer not null default 0,
  messages_done integer not null default 0,
  files_total integer not null default 0,
  files_done integer not null default 0,
  -- [{file, index?, reason}]: what was skipped, and why
  report jsonb not null default '[]',
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  heartbeat_at timestamptz,
  -- where the next slice goes on: {phase, conversation, day, offset}
  checkpoint jsonb not null default '{}',
  -- slices that claimed it (a slice that keeps dying fails the import after 20)
  attempts integer not null default 0,
  constraint imports_status check (status in ('queued', 'running', 'done', 'failed', 'cancelled')),
  constraint imports_report_array check (jsonb_typeof(report) = 'array')
);
create index imports_workspace on public.imports (workspace_id, created_at desc);
create index imports_active on public.imports (status) where status in ('queued', 'running');

alter table public.imports enable row level security;
create policy "imports: owners read" on public.imports
  for select to authenticated
  using (private.workspace_role(workspace_id) = 'owner');

revoke all on public.imports from anon, authenticated;
grant select on public.imports to authenticated;
grant all on public.imports to service_role;

-- Live progress, as Chorus's other live updates (*_chorus_private_live.sql: no table is in the
-- supabase_realtime publication): every change of an import goes to the private topic
-- live:user:<id> of each current owner of its workspace, as { table: 'imports', operation,
-- record }. Sent with realtime.send() itself, not private.live_send(), which stays quiet while
-- history is imported (the import's own row is what must still be heard).
create or replace function private.live_imports()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('table', 'imports', 'operation', tg_op, 'record', to_jsonb(new)),
    tg_op, 'live:user:' || wm.user_id::text, true
  )
  from public.workspace_members wm
  where wm.workspace_id = new.workspace_id and wm.role = 'owner' and wm.left_at is null;
  return null;
end
$$;
revoke all on function private.live_imports() from public;

create trigger imports_live after insert or update on public.imports
  for each row execute function private.live_imports();

-- What an import made, so that a failed or cancelled import removes it, and a slice knows the
-- ids of what earlier slices made. Not exposed.
create table private.import_people (
  import_id uuid not null references public.imports (id) on delete cascade,
  slack_id text not null,
  user_id uuid not null,
  -- the account was created (invited) by this import
  created boolean not null default false,
  -- the workspace membership was added by this import
  added boolean not null default false,
  primary key (import_id, slack_id)
);

create table private.import_channels (
  import_id uuid not null references public.imports (id) on delete cascade,
  slack_id text not null,
  channel_id uuid not null,
  -- what it becomes when the import is done (until then it is a private channel nobody is in)
  kind public.channel_kind not null,
  name text,
  topic text not null default '',
  archived boolean not null default false,
  members uuid[] not null default '{}',
  primary key (import_id, slack_id)
);
create index import_channels_channel on private.import_channels (channel_id);

-- Tests only: at most this many batches per slice ('slice_batches'), messages per batch
-- ('batch_messages'), and 'chain' = 'off' for slices that do not call the next one (the test or
-- the cron job does).
create table private.import_settings (
  name text primary key,
  value text not null
);

revoke all on private.import_people, private.import_channels, private.import_settings
  from public, anon, authenticated;

-- The bucket of uploaded archives: owners of the workspace the folder names, .zip files only.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('imports', 'imports', false, 1073741824,
  array['application/zip', 'application/x-zip-compressed', 'application/octet-stream'])
on conflict (id) do nothing;

create or replace function private.import_folder_owner(p_name text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select p_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]{1,200}\.zip$'
    and coalesce(private.workspace_role(split_part(p_name, '/', 1)::uuid) = 'owner', false)
$$;
revoke all on function private.import_folder_owner(text) from public;
grant execute on function private.import_folder_owner(text) to authenticated;

create policy "imports: owners upload" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'imports' and private.import_folder_owner(name));
create policy "imports: owners read" on storage.objects
  for select to authenticated
  using (bucket_id = 'imports' and private.import_folder_owner(name));
create policy "imports: owners replace" on storage.objects
  for update to authenticated
  using (bucket_id = 'imports' and private.import_folder_owner(name))
  with check (bucket_id = 'imports' and private.import_folder_owner(name));
create policy "imports: owners remove" on storage.objects
  for delete to authenticated
  using (bucket_id = 'imports' and private.import_folder_owner(name));

drop policy if exists "chorus buckets: signed-in users read settings" on storage.buckets;
create policy "chorus buckets: signed-in users read settings" on storage.buckets
  for select to authenticated
  using (id in ('attachments', 'avatars', 'imports'));

-- Posts to the Edge Function for the import (Vault's project_url and publishable_key; without
-- them the import waits for a caller). Returns whether it was called.
create or replace function private.kick_import(p_import uuid)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  project_url text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'project_url' limit 1
  );
  api_key text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'publishable_key' limit 1
  );
begin
  if project_url is null or api_key is null then
    return false;
  end if;
  perform net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/slack-import',
    body := jsonb_build_object('import_id', p_import),
    headers := jsonb_build_object('Content-Type', 'application/json',
      'Authorization', 'Bearer ' || api_key, 'apikey', api_key),
    timeout_milliseconds := 300000
  );
  return true;
end
$$;
revoke all on function private.kick_import(uuid) from public;

-- The cron job's: every queued or running import whose heartbeat is older than a minute.
create or replace function private.kick_stale_imports()
returns integer
language sql security definer
set search_path = ''
as $$
  select count(*)::integer from (
    select private.kick_import(i.id) from public.imports i
    where i.status in ('queued', 'running')
      and coalesce(i.heartbeat_at, i.created_at) < now() - interval '1 minute'
  ) kicked
$$;
revoke all on function private.kick_stale_imports() from public;

select cron.schedule('chorus-imports', '* * * * *', 'select private.kick_stale_imports()');

create or replace function public.start_import(p_workspace uuid, p_path text)
returns public.imports
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_uid();
  v_import public.imports;
begin
  if private.workspace_role(p_workspace) is distinct from 'owner' then
    raise exception using errcode = '42501',
      message = 'Only the workspace''s owners can import into it.';
  end if;
  if p_path is null or split_part(p_path, '/', 1) <> p_workspace::text
    or not private.import_folder_owner(p_path) then
    raise exception using errcode = '22023', message = 'The archive must be a .zip file in the workspace''s import folder.',
      detail = format('Expected imports/%s/<name>.zip.', p_workspace);
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'imports' and o.name = p_path) then
    raise exception using errcode = '22023', message = 'The archive has not been uploaded.',
      hint = 'Upload it to the imports bucket first.';
  end if;
  if exists (select 1 from public.imports i
    where i.workspace_id = p_workspace and i.status in ('queued', 'running')) then
    raise exception using errcode = '23505', message = 'An import into this workspace is already running.',
      hint = 'Wait for it to finish, or cancel it.';
  end if;
  insert into public.imports (workspace_id, started_by, source_path)
  values (p_workspace, uid, p_path)
  returning * into v_import;
  perform private.audit(p_workspace, 'import.started', 'import', v_import.id::text,
    split_part(p_path, '/', 2), jsonb_build_object('path', p_path));
  perform private.kick_import(v_import.id);
  return v_import;
end
$$;
revoke all on function public.start_import(uuid, text) from public, anon;
grant execute on function public.start_import(uuid, text) to authenticated, service_role;
