-- Exports (issue 34, part 2): an owner exports the whole workspace, and every person their own
-- data (GDPR's right of access), as a zip in the archive format of
-- supabase/functions/_shared/archive/FORMAT.md, built in the background and downloaded through a
-- signed Storage URL that expires.
--
-- public.exports: one row per export (workspace, requested_by, kind 'workspace' | 'personal',
-- status queued → running → done | failed, size, storage_path, error, created/started/finished/
-- expires times). Owners read their workspace's workspace exports; each person reads only their
-- own personal exports. Nobody writes the table through the API: request_export() adds a row and
-- calls the Edge Function `workspace-export` through pg_net (Vault's project_url and
-- publishable_key, as retention's run calls retention-files); the function claims the row
-- (claim_export), builds the archive reading only what the kind allows, uploads it to the private
-- bucket `exports` at <workspace id>/<export id>.zip and marks the row done (finish_export) or
-- failed (fail_export): those three are the service role's.
--
-- The download: Storage's createSignedUrl on the object, which the bucket's policy lets only those
-- who may read the row (and only once it is done) sign. Finished exports are deleted after seven
-- days by the Supabase Cron job `chorus-exports-expire` (the object through the Storage API by the
-- retention-files function, from retention's queue, then the row); an export that never finished
-- is marked failed after two hours, so that the person may ask again.

create table public.exports (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  -- No foreign key: the row (and its file, until it expires) outlives an account's deletion.
  requested_by uuid not null,
  kind text not null,
  status text not null default 'queued',
  size bigint,
  storage_path text,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz,
  constraint exports_kind check (kind in ('workspace', 'personal')),
  constraint exports_status check (status in ('queued', 'running', 'done', 'failed')),
  constraint exports_size check (size is null or size >= 0)
);
create index exports_workspace on public.exports (workspace_id, created_at desc);
create index exports_requested_by on public.exports (requested_by, created_at desc);
create index exports_expires on public.exports (expires_at) where expires_at is not null;
-- At most one export in the making per person: request_export() says so first; this holds it
-- against two requests at once.
create unique index exports_one_unfinished on public.exports (requested_by)
  where status in ('queued', 'running');

alter table public.exports enable row level security;

create policy "exports: owners read workspace exports" on public.exports
  for select to authenticated
  using (kind = 'workspace' and (select private.is_workspace_owner(workspace_id)));
create policy "exports: each person reads their own personal exports" on public.exports
  for select to authenticated
  using (kind = 'personal' and requested_by = (select auth.uid()));

revoke all on table public.exports from anon, authenticated, service_role;
grant select on table public.exports to authenticated, service_role;

-- The bucket: private, zips only; the size limit is Storage's own ([storage] file_size_limit).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('exports', 'exports', false, null, array['application/zip'])
on conflict (id) do nothing;

-- Whether the caller may read (and so sign) the stored export `p_name`: a finished export whose
-- row they read.
create or replace function private.may_read_export(p_name text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.exports e
    where e.storage_path = p_name and e.status = 'done'
      and ((e.kind = 'workspace' and private.is_workspace_owner(e.workspace_id))
        or (e.kind = 'personal' and e.requested_by = (select auth.uid())))
  )
$$;
revoke all on function private.may_read_export(text) from public;
grant execute on function private.may_read_export(text) to authenticated, service_role;

create policy "exports: who reads the export downloads it" on storage.objects
  for select to authenticated
  using (bucket_id = 'exports' and (select private.may_read_export(name)));

-- Posts the export to the Edge Function (Vault's project_url and publishable_key); false when
-- they are missing.
create or replace function private.kick_export(p_export_id uuid)
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
    url := rtrim(project_url, '/') || '/functions/v1/workspace-export',
    body := jsonb_build_object('export_id', p_export_id),
    headers := jsonb_build_object('Content-Type', 'application/json',
      'Authorization', 'Bearer ' || api_key, 'apikey', api_key),
    timeout_milliseconds := 300000
  );
  return true;
end
$$;
revoke all on function private.kick_export(uuid) from public;

-- Asks for an export: 'workspace' (owners only) or 'personal' (any member: their own data).
create or replace function public.request_export(p_workspace uuid, p_kind text)
returns public.exports
language plpgsql security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_id uuid := gen_random_uuid();
  v_row public.exports;
  v_name text;
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'Sign in first.';
  end if;
  if p_kind is null or p_kind not in ('workspace', 'personal') then
    raise exception using errcode = '22023',
      message = 'An export is of the workspace or of your own data.',
      detail = format('%s was asked for.', coalesce(p_kind, 'null')),
      hint = 'Ask for workspace or personal.';
  end if;
  if p_workspace is null or not (p_workspace in (select private.workspace_ids())) then
    raise exception using errcode = '22023', message = 'Workspace not found.';
  end if;
  if p_kind = 'workspace' and not private.is_workspace_owner(p_workspace) then
    raise exception using errcode = '42501',
      message = 'Only the workspace''s owners can export it.',
      hint = 'You can export your own data instead.';
  end if;
  if exists (
    select 1 from public.exports e
    where e.requested_by = v_uid and e.status in ('queued', 'running')
  ) then
    raise exception using errcode = '23505',
      message = 'An export of yours is still being made.',
      hint = 'Wait for it to finish, then ask again.';
  end if;
  begin
    insert into public.exports (id, workspace_id, requested_by, kind, storage_path)
    values (v_id, p_workspace, v_uid, p_kind, format('%s/%s.zip', p_workspace, v_id))
    returning * into v_row;
  exception when unique_violation then
    raise exception using errcode = '23505',
      message = 'An export of yours is still being made.',
      hint = 'Wait for it to finish, then ask again.';
  end;
  if p_kind = 'workspace' then
    select w.name into v_name from public.workspaces w where w.id = p_workspace;
    perform private.audit(p_workspace, 'export.requested', 'workspace', p_workspace::text, v_name,
      jsonb_build_object('export_id', v_id));
  end if;
  if not private.kick_export(v_id) then
    update public.exports e
    set status = 'failed', finished_at = now(), expires_at = now() + interval '7 days',
      error = 'Exports cannot run here: Vault has no project_url or publishable_key.'
    where e.id = v_id
    returning * into v_row;
  end if;
  return v_row;
end
$$;
revoke all on function public.request_export(uuid, text) from public, anon;
grant execute on function public.request_export(uuid, text) to authenticated, service_role;

-- The Edge Function's side (service role only) ------------------------------------------------

-- Takes a queued export (once: a second call gets nothing); its row as it now is.
create or replace function public.claim_export(p_export_id uuid)
returns setof public.exports
language sql security definer
set search_path = ''
as $$
  update public.exports e set status = 'running', started_at = now()
  where e.id = p_export_id and e.status = 'queued'
  returning e.*
$$;

create or replace function public.finish_export(p_export_id uuid, p_size bigint)
returns setof public.exports
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.exports;
begin
  update public.exports e
  set status = 'done', size = p_size, finished_at = now(), expires_at = now() + interval '7 days'
  where e.id = p_export_id and e.status = 'running'
  returning * into v_row;
  if v_row.id is not null and v_row.kind = 'workspace' then
    perform private.audit(v_row.workspace_id, 'export.done', 'workspace', v_row.workspace_id::text,
      (select w.name from public.workspaces w where w.id = v_row.workspace_id),
      jsonb_build_object('export_id', v_row.id, 'size', p_size));
  end if;
  return query select * from public.exports e where e.id = v_row.id;
end
$$;

create or replace function public.fail_export(p_export_id uuid, p_error text)
returns setof public.exports
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.exports;
begin
  update public.exports e
  set status = 'failed', finished_at = now(), error = left(coalesce(p_error, 'The export failed.'), 500),
    expires_at = now() + interval '7 days'
  where e.id = p_export_id and e.status in ('queued', 'running')
  returning * into v_row;
  if v_row.id is not null and v_row.kind = 'workspace' then
    perform private.audit(v_row.workspace_id, 'export.failed', 'workspace', v_row.workspace_id::text,
      (select w.name from public.workspaces w where w.id = v_row.workspace_id),
      jsonb_build_object('export_id', v_row.id, 'error', v_row.error));
  end if;
  return query select * from public.exports e where e.id = v_row.id;
end
$$;

revoke all on function public.claim_export(uuid), public.finish_export(uuid, bigint),
  public.fail_export(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_export(uuid), public.finish_export(uuid, bigint),
  public.fail_export(uuid, text) to service_role;

-- Expiry ---------------------------------------------------------------------------------------

-- Exports past their time go: the file is queued for the Storage API (retention-files removes it)
-- and the row deleted; one not finished after two hours is marked failed.
create or replace function private.expire_exports()
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v_gone integer;
begin
  perform public.fail_export(e.id, 'The export did not finish in time.')
  from public.exports e
  where e.status in ('queued', 'running') and e.created_at < now() - interval '2 hours';

  with gone as (
    delete from public.exports e where e.expires_at < now() returning e.storage_path, e.status
  ), queued as (
    insert into private.retention_files (bucket_id, name)
    select 'exports', g.storage_path from gone g where g.storage_path is not null
    returning 1
  )
  select count(*)::integer into v_gone from gone;
  if v_gone > 0 then
    perform private.kick_retention_files();
  end if;
  return v_gone;
end
$$;
revoke all on function private.expire_exports() from public;

select cron.schedule('chorus-exports-expire', '23 * * * *', 'select private.expire_exports()');
