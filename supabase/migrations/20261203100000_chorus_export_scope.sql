-- What a workspace export holds, and every member knows (issue 49, item 3).
--
-- `workspaces.export_scope`: 'public' (the default, as Slack's standard export: public channels
-- only) or 'all' (private channels, direct and group messages too). Every member reads it (the
-- workspaces row); only an owner changes it, through set_export_scope() (no column grant lets
-- anyone write it through REST). Each change is recorded in the audit log
-- (workspace.export_scope_changed) and told to every member: the row's export_scope_changed_at
-- and _by, sent live on the workspace's topic like any change of the row, and export_notice()
-- says whether this member has seen the change yet (the app's banner until they dismiss it with
-- dismiss_export_notice()).
--
-- `exports.scope`: what one export holds, fixed when it is asked for: the workspace's
-- export_scope for a workspace export, 'own' for a personal one (a person's own data, in every
-- conversation they are in, whatever the workspace's setting). The workspace-export Edge
-- Function reads it; a workspace export that holds private channels and DMs says so in the audit
-- log (export.requested and export.done with scope 'all').

alter table public.workspaces
  add column export_scope text not null default 'public'
    constraint workspaces_export_scope check (export_scope in ('public', 'all')),
  add column export_scope_changed_at timestamptz,
  add column export_scope_changed_by uuid references public.profiles (id) on delete set null;

alter table public.exports
  add column scope text
    constraint exports_scope check (scope is null or scope in ('public', 'all', 'own'));

-- Who has seen the latest change of a workspace's export scope (the notice's "dismissed").
create table private.export_notices_seen (
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  seen_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
alter table private.export_notices_seen enable row level security;
revoke all on table private.export_notices_seen from public, anon, authenticated;

create or replace function public.set_export_scope(p_workspace_id uuid, p_scope text)
returns public.workspaces
language plpgsql security definer
set search_path = ''
as $$
declare
  w public.workspaces;
begin
  perform private.require_uid();
  if p_scope is null or p_scope not in ('public', 'all') then
    raise exception using errcode = '22023',
      message = 'A workspace export holds public channels only, or everything.',
      detail = format('%s was asked for.', coalesce(p_scope, 'null')),
      hint = 'Ask for public or all.';
  end if;
  if p_workspace_id is null or not (p_workspace_id in (select private.workspace_ids())) then
    raise exception using errcode = '22023', message = 'Workspace not found.';
  end if;
  perform private.lock_workspace(p_workspace_id);
  if private.workspace_role(p_workspace_id) is distinct from 'owner' then
    raise exception using errcode = '42501',
      message = 'Only an owner can choose what a workspace export holds.';
  end if;
  update public.workspaces
  set export_scope = p_scope, export_scope_changed_at = now(),
    export_scope_changed_by = auth.uid()
  where id = p_workspace_id and export_scope is distinct from p_scope;
  select * into w from public.workspaces where id = p_workspace_id;
  return w;
end
$$;
revoke all on function public.set_export_scope(uuid, text) from public, anon;
grant execute on function public.set_export_scope(uuid, text) to authenticated, service_role;

create or replace function private.audit_export_scope()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.audit(new.id, 'workspace.export_scope_changed', 'workspace', new.id::text,
    new.name, jsonb_build_object('from', old.export_scope, 'to', new.export_scope));
  return null;
end
$$;
revoke all on function private.audit_export_scope() from public;
create trigger workspaces_audit_export_scope after update of export_scope on public.workspaces
  for each row when (old.export_scope is distinct from new.export_scope)
  execute function private.audit_export_scope();

-- The notice: what the workspace's exports hold now, who changed it when, and whether the caller
-- has yet to see that change (none when it was never changed).
create or replace function public.export_notice(p_workspace_id uuid)
returns table (
  scope text,
  changed_at timestamptz,
  changed_by uuid,
  changed_by_name text,
  unseen boolean
)
language sql stable security definer
set search_path = ''
as $$
  select w.export_scope, w.export_scope_changed_at, w.export_scope_changed_by, p.display_name,
    w.export_scope_changed_at is not null
      and w.export_scope_changed_by is distinct from auth.uid()
      and not exists (
        select 1 from private.export_notices_seen s
        where s.workspace_id = w.id and s.user_id = auth.uid()
          and s.seen_at >= w.export_scope_changed_at)
  from public.workspaces w
  left join public.profiles p on p.id = w.export_scope_changed_by
  where w.id = p_workspace_id and w.id in (select private.workspace_ids())
$$;
revoke all on function public.export_notice(uuid) from public, anon;
grant execute on function public.export_notice(uuid) to authenticated, service_role;

create or replace function public.dismiss_export_notice(p_workspace_id uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
begin
  if p_workspace_id is null or not (p_workspace_id in (select private.workspace_ids())) then
    raise exception using errcode = '22023', message = 'Workspace not found.';
  end if;
  insert into private.export_notices_seen (workspace_id, user_id, seen_at)
  values (p_workspace_id, v_uid, now())
  on conflict (workspace_id, user_id) do update set seen_at = excluded.seen_at;
end
$$;
revoke all on function public.dismiss_export_notice(uuid) from public, anon;
grant execute on function public.dismiss_export_notice(uuid) to authenticated, service_role;

-- request_export as before, with the export's scope fixed now and said in the audit log.
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
  v_scope text;
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
  select w.name, case when p_kind = 'personal' then 'own' else w.export_scope end
  into v_name, v_scope
  from public.workspaces w where w.id = p_workspace;
  begin
    insert into public.exports (id, workspace_id, requested_by, kind, storage_path, scope)
    values (v_id, p_workspace, v_uid, p_kind, format('%s/%s.zip', p_workspace, v_id), v_scope)
    returning * into v_row;
  exception when unique_violation then
    raise exception using errcode = '23505',
      message = 'An export of yours is still being made.',
      hint = 'Wait for it to finish, then ask again.';
  end;
  if p_kind = 'workspace' then
    perform private.audit(p_workspace, 'export.requested', 'workspace', p_workspace::text, v_name,
      jsonb_build_object('export_id', v_id, 'scope', v_scope));
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
      jsonb_build_object('export_id', v_row.id, 'size', p_size,
        'scope', coalesce(v_row.scope, 'all')));
  end if;
  return query select * from public.exports e where e.id = v_row.id;
end
$$;
