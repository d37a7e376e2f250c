-- The audit log (issue 35, part 5): every administrative action in a workspace, recorded with
-- who (the person, their name and role then), what (an action name, its target, what changed),
-- when and from where (the client's address and user agent, from the request's headers as the
-- API gateway passes them to PostgREST: X-Real-IP, else the first X-Forwarded-For).
--
-- Rows are written only by triggers on the tables the actions change, so every way of changing
-- them (the app's RPCs, REST, the service role) is recorded the same. Readable by the
-- workspace's owners only. Nobody edits or deletes a row through any API, owners and the service
-- role included: no grant allows it, and a trigger refuses any UPDATE, DELETE or TRUNCATE (the
-- one exception: the rows of a workspace that is itself being deleted go with it).
--
-- Actions: workspace.created, workspace.renamed, workspace.mfa_required,
-- workspace.mfa_not_required, workspace.email_delay_changed; member.joined, member.role_changed,
-- member.removed, member.left, member.rejoined; invite.created, invite.revoked;
-- channel.created, channel.renamed, channel.privacy_changed, channel.archived,
-- channel.unarchived, channel.deleted, channel.member_removed; webhook.created,
-- webhook.regenerated, webhook.revoked. Later features add theirs (a new migration each).

create table public.audit_log (
  id bigint generated always as identity primary key,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  occurred_at timestamptz not null default now(),
  -- null: the system (the service role, a job)
  actor_id uuid references public.profiles (id) on delete set null,
  actor_name text,
  actor_role text not null,
  action text not null,
  target_type text,
  target_id text,
  target_label text,
  details jsonb not null default '{}',
  ip inet,
  user_agent text,
  constraint audit_log_action check (action ~ '^[a-z_]+\.[a-z_]+$'),
  constraint audit_log_actor_role check (actor_role in ('owner', 'admin', 'member', 'former', 'system'))
);
create index audit_log_workspace on public.audit_log (workspace_id, occurred_at desc, id desc);
create index audit_log_workspace_action on public.audit_log (workspace_id, action, occurred_at desc);
create index audit_log_workspace_actor on public.audit_log (workspace_id, actor_id, occurred_at desc);

alter table public.audit_log enable row level security;

create or replace function private.is_workspace_owner(p_workspace_id uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.user_id = (select auth.uid())
      and wm.left_at is null and wm.role = 'owner'
  ) and p_workspace_id in (select private.workspace_ids())
$$;
grant execute on function private.is_workspace_owner(uuid) to authenticated, service_role;

create policy "audit_log: owners read" on public.audit_log
  for select to authenticated
  using ((select private.is_workspace_owner(workspace_id)));

revoke all on table public.audit_log from anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;

-- Never changed, never deleted: only the cascade of the workspace's own deletion passes.
create or replace function private.audit_log_is_history()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE'
    and not exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
    return old;
  end if;
  raise exception 'The audit log cannot be changed or deleted.'
    using errcode = '42501', hint = 'Audit entries are history: they are only ever added.';
end
$$;
create trigger audit_log_no_update before update or delete on public.audit_log
  for each row execute function private.audit_log_is_history();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.audit_log_is_history();

-- Who is acting and from where, as the request says.
create or replace function private.audit(
  p_workspace_id uuid,
  p_action text,
  p_target_type text,
  p_target_id text,
  p_target_label text,
  p_details jsonb default '{}'
)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
  v_headers jsonb;
  v_ip text;
  v_role text;
  v_name text;
begin
  begin
    v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    v_headers := null;
  end;
  v_ip := coalesce(
    nullif(btrim(v_headers ->> 'x-real-ip'), ''),
    nullif(btrim(split_part(v_headers ->> 'x-forwarded-for', ',', 1)), '')
  );
  if v_ip is not null and v_ip !~ '^[0-9a-fA-F:.]{2,45}$' then
    v_ip := null;
  end if;
  if v_actor is null then
    v_role := 'system';
  else
    select wm.role::text into v_role from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.user_id = v_actor and wm.left_at is null;
    v_role := coalesce(v_role, case when p_action = 'workspace.created' then 'owner' else 'former' end);
    select p.display_name into v_name from public.profiles p where p.id = v_actor;
  end if;
  insert into public.audit_log (workspace_id, actor_id, actor_name, actor_role, action,
    target_type, target_id, target_label, details, ip, user_agent)
  values (p_workspace_id, v_actor, v_name, v_role, p_action, p_target_type, p_target_id,
    p_target_label, coalesce(p_details, '{}'), v_ip::inet,
    left(v_headers ->> 'user-agent', 300));
exception when invalid_text_representation then
  -- an address inet refuses: the entry is kept without it
  insert into public.audit_log (workspace_id, actor_id, actor_name, actor_role, action,
    target_type, target_id, target_label, details, user_agent)
  values (p_workspace_id, v_actor, v_name, v_role, p_action, p_target_type, p_target_id,
    p_target_label, coalesce(p_details, '{}'), left(v_headers ->> 'user-agent', 300));
end
$$;
revoke all on function private.audit(uuid, text, text, text, text, jsonb) from public;

create or replace function private.person_label(p_user_id uuid)
returns text
language sql stable security definer
set search_path = ''
as $$
  select p.display_name from public.profiles p where p.id = p_user_id
$$;
revoke all on function private.person_label(uuid) from public;

-- Workspaces: created, renamed, two-factor requirement, email delay.
create or replace function private.audit_workspaces()
returns trigger
language plpgsql security definer
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
  return null;
end
$$;
create trigger workspaces_audit after insert or update on public.workspaces
  for each row execute function private.audit_workspaces();

-- Members: joined, role changed, removed by someone else or left, back again.
create or replace function private.audit_workspace_members()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_label text := private.person_label(coalesce(new.user_id, old.user_id));
begin
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'member.joined', 'person', new.user_id::text, v_label,
      jsonb_build_object('role', new.role));
  elsif tg_op = 'DELETE' then
    if exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
      perform private.audit(old.workspace_id, 'member.removed', 'person', old.user_id::text,
        v_label, jsonb_build_object('role', old.role));
    end if;
  else
    if old.left_at is null and new.left_at is not null then
      perform private.audit(new.workspace_id,
        case when new.user_id = auth.uid() then 'member.left' else 'member.removed' end,
        'person', new.user_id::text, v_label, jsonb_build_object('role', old.role));
    elsif old.left_at is not null and new.left_at is null then
      perform private.audit(new.workspace_id, 'member.rejoined', 'person', new.user_id::text,
        v_label, jsonb_build_object('role', new.role));
    end if;
    if new.role is distinct from old.role then
      perform private.audit(new.workspace_id, 'member.role_changed', 'person', new.user_id::text,
        v_label, jsonb_build_object('from', old.role, 'to', new.role));
    end if;
  end if;
  return null;
end
$$;
create trigger workspace_members_audit after insert or update of role, left_at or delete
  on public.workspace_members
  for each row execute function private.audit_workspace_members();

-- Invitations: made (by link or to an address) and revoked. Accepting one is member.joined.
create or replace function private.audit_invites()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'invite.created', 'invite', new.id::text,
      coalesce(new.email, 'invite link'),
      jsonb_build_object('role', new.role, 'email', new.email, 'max_uses', new.max_uses,
        'expires_at', new.expires_at));
  elsif exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
    perform private.audit(old.workspace_id, 'invite.revoked', 'invite', old.id::text,
      coalesce(old.email, 'invite link'), jsonb_build_object('role', old.role));
  end if;
  return null;
end
$$;
create trigger invites_audit after insert or delete on public.invites
  for each row execute function private.audit_invites();

-- Channels (not DMs): created, renamed, privacy, archival, deleted.
create or replace function private.audit_channels()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if coalesce(new.kind, old.kind) = 'dm' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'channel.created', 'channel', new.id::text, new.name,
      jsonb_build_object('kind', new.kind));
  elsif tg_op = 'DELETE' then
    if exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
      perform private.audit(old.workspace_id, 'channel.deleted', 'channel', old.id::text, old.name);
    end if;
  else
    if new.name is distinct from old.name then
      perform private.audit(new.workspace_id, 'channel.renamed', 'channel', new.id::text, new.name,
        jsonb_build_object('from', old.name, 'to', new.name));
    end if;
    if new.kind is distinct from old.kind then
      perform private.audit(new.workspace_id, 'channel.privacy_changed', 'channel', new.id::text,
        new.name, jsonb_build_object('from', old.kind, 'to', new.kind));
    end if;
    if old.archived_at is null and new.archived_at is not null then
      perform private.audit(new.workspace_id, 'channel.archived', 'channel', new.id::text, new.name);
    elsif old.archived_at is not null and new.archived_at is null then
      perform private.audit(new.workspace_id, 'channel.unarchived', 'channel', new.id::text,
        new.name);
    end if;
  end if;
  return null;
end
$$;
create trigger channels_audit after insert or update of name, kind, archived_at or delete
  on public.channels
  for each row execute function private.audit_channels();

-- A person removed from a channel by someone else (leaving it oneself is no admin action).
create or replace function private.audit_channel_members()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_channel public.channels;
begin
  if old.user_id = auth.uid() or auth.uid() is null then
    return null;
  end if;
  select * into v_channel from public.channels c where c.id = old.channel_id;
  if v_channel.id is null or v_channel.kind = 'dm' then
    return null;
  end if;
  perform private.audit(old.workspace_id, 'channel.member_removed', 'person', old.user_id::text,
    private.person_label(old.user_id),
    jsonb_build_object('channel_id', v_channel.id, 'channel', v_channel.name));
  return null;
end
$$;
create trigger channel_members_audit after delete on public.channel_members
  for each row execute function private.audit_channel_members();

-- Incoming webhooks: created, secret regenerated, revoked.
create or replace function private.audit_incoming_webhooks()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_channel text;
begin
  select c.name into v_channel from public.channels c where c.id = coalesce(new.channel_id, old.channel_id);
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'webhook.created', 'webhook', new.id::text, new.name,
      jsonb_build_object('channel_id', new.channel_id, 'channel', v_channel));
  else
    if new.regenerated_at is distinct from old.regenerated_at then
      perform private.audit(new.workspace_id, 'webhook.regenerated', 'webhook', new.id::text,
        new.name, jsonb_build_object('channel_id', new.channel_id, 'channel', v_channel));
    end if;
    if old.revoked_at is null and new.revoked_at is not null then
      perform private.audit(new.workspace_id, 'webhook.revoked', 'webhook', new.id::text, new.name,
        jsonb_build_object('channel_id', new.channel_id, 'channel', v_channel));
    end if;
  end if;
  return null;
end
$$;
create trigger incoming_webhooks_audit after insert or update of regenerated_at, revoked_at
  on public.incoming_webhooks
  for each row execute function private.audit_incoming_webhooks();
