-- Issue 68, item 1 and 2: a new workspace starts with #random beside #general, and a dismissible
-- "first steps" list.
--
-- #random is a channel everyone joins (auto_join: Slack's "default channels"), as they join
-- #general, but may leave, unlike #general (is_default: the one channel everyone is in, which
-- cannot be left, archived or renamed). Its topic is in the workspace's language, as #general's.
-- Workspaces made before this keep the channels they have.
alter table public.channels add column auto_join boolean not null default false;
alter table public.channels add constraint channels_auto_join_public
  check (not auto_join or kind = 'public');
comment on column public.channels.auto_join is
  'New members join it (a guest does not); unlike the default channel, it can be left.';

create or replace function public.create_workspace(p_name text, p_slug text DEFAULT NULL::text, p_language text DEFAULT NULL::text)
 RETURNS public.workspaces
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  ws public.workspaces;
  v_slug text;
  v_language text;
  general uuid;
  random uuid;
begin
  if nullif(btrim(coalesce(p_slug, '')), '') is null then
    v_slug := private.slug_for(private.clean_line(p_name, 'Workspace name', 80));
  else
    v_slug := lower(btrim(p_slug));
    if exists (select 1 from public.workspaces w where w.slug = v_slug) then
      raise exception using errcode = '23505',
        message = 'That workspace address is taken.', detail = 'workspace_address_taken', hint = 'Pick another one.';
    end if;
  end if;
  v_language := case
    when p_language in ('en', 'de', 'ja', 'ar') then p_language
    else (select p.language from public.profiles p where p.id = uid)
  end;
  insert into public.workspaces (name, slug, created_by) values (p_name, v_slug, uid) returning * into ws;
  insert into public.workspace_members (workspace_id, user_id, role) values (ws.id, uid, 'owner');
  insert into public.channels (workspace_id, kind, name, topic, is_default, created_by)
  values (ws.id, 'public', 'general', case v_language
      when 'de' then 'Alle im Workspace'
      when 'ja' then 'ワークスペースの全員'
      when 'ar' then 'كل من في مساحة العمل'
      else 'Everyone in the workspace'
    end, true, uid)
  returning id into general;
  insert into public.channels (workspace_id, kind, name, topic, auto_join, created_by)
  values (ws.id, 'public', 'random', case v_language
      when 'de' then 'Plaudereien, Links und alles, was nicht Arbeit ist'
      when 'ja' then '雑談、リンク、仕事以外の話題'
      when 'ar' then 'دردشة وروابط وكل ما ليس عن العمل'
      else 'Non-work banter and water cooler conversation'
    end, true, uid)
  returning id into random;
  insert into public.channel_members (channel_id, user_id) values (general, uid), (random, uid);
  return ws;
end
$function$;


create or replace function public.accept_invite(p_token text)
 RETURNS public.workspaces
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  inv public.invites;
  account record;
  ws public.workspaces;
  v_member boolean;
  v_claims uuid[];
  v_from uuid;
begin
  select * into inv from public.invites i where i.token = coalesce(p_token, '') for update;
  if not found then
    raise exception using errcode = '22023',
      message = 'This invite link is not valid.', detail = 'invite_not_found', hint = 'Ask for a new invite.';
  end if;
  select * into ws from public.workspaces w where w.id = inv.workspace_id;
  v_member := exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = inv.workspace_id and wm.user_id = uid and wm.left_at is null
  );
  if inv.email is not null and inv.role <> 'guest' then
    v_claims := array(
      select ph.profile_id from private.import_placeholders ph
      join public.imports i on i.id = ph.import_id and i.status = 'done'
      where ph.workspace_id = inv.workspace_id and ph.email = inv.email and ph.active
        and i.finished_at <= inv.created_at
        and exists (select 1 from public.workspace_members o
          where o.workspace_id = inv.workspace_id and o.user_id = inv.created_by
            and o.role = 'owner' and o.left_at is null)
      order by ph.created_at);
  end if;
  if v_member and coalesce(cardinality(v_claims), 0) = 0 then
    return ws;
  end if;
  if inv.expires_at <= now() then
    raise exception using errcode = '22023',
      message = 'This invite has expired.', detail = 'invite_expired', hint = 'Ask for a new invite.';
  end if;
  if inv.max_uses is not null and inv.use_count >= inv.max_uses then
    raise exception using errcode = '22023',
      message = 'This invite has already been used.', detail = 'invite_expired', hint = 'Ask for a new invite.';
  end if;
  if inv.email is not null then
    select u.email, u.email_confirmed_at into account from auth.users u where u.id = uid;
    if account.email_confirmed_at is null or lower(coalesce(account.email, '')) <> inv.email then
      raise exception using errcode = '42501',
        message = format('This invite was sent to another email address: it is for %s.', inv.email),
        detail = 'invite_email_mismatch',
        hint = 'Sign in with that address, or ask for an invite link.';
    end if;
  end if;
  if inv.role = 'guest' and not exists (
    select 1 from public.channels c
    where c.id = any (inv.channel_ids) and c.workspace_id = inv.workspace_id and c.archived_at is null
  ) then
    raise exception using errcode = '22023',
      message = 'The channels of this invite are archived or gone.', detail = 'invite_channels_gone', hint = 'Ask for a new invite.';
  end if;

  perform private.lock_workspace(inv.workspace_id);
  if not v_member then
    insert into public.workspace_members (workspace_id, user_id, role, guest_kind)
    values (inv.workspace_id, uid, inv.role, inv.guest_kind)
    on conflict (workspace_id, user_id)
    do update set role = excluded.role, guest_kind = excluded.guest_kind, left_at = null, joined_at = now();
    insert into public.channel_members (channel_id, user_id)
    select c.id, uid from public.channels c
    where c.workspace_id = inv.workspace_id and c.archived_at is null
      and case when inv.role = 'guest' then c.id = any (inv.channel_ids) else c.is_default or c.auto_join end
    on conflict (channel_id, user_id) do nothing;
  end if;
  update public.invites i set use_count = i.use_count + 1 where i.id = inv.id;
  foreach v_from in array coalesce(v_claims, '{}') loop
    perform private.import_placeholder_claim(inv.workspace_id, v_from, uid);
  end loop;
  return ws;
end
$function$;


create or replace function public.set_member_role(p_workspace_id uuid, p_user_id uuid, p_role public.workspace_role)
 RETURNS public.workspace_members
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
  target public.workspace_members;
  was public.workspace_role;
begin
  perform private.lock_workspace(p_workspace_id);
  mine := private.workspace_role(p_workspace_id);
  if mine is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.', detail = 'not_workspace_member';
  end if;
  if mine not in ('owner', 'admin') then
    raise exception using errcode = '42501', message = 'Only owners and admins can change roles.', detail = 'workspace_admin_only';
  end if;
  if p_role is null then
    raise exception using errcode = '22023', message = 'Role must be owner, admin, member or guest.', detail = 'missing_argument';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null;
  if not found then
    raise exception using errcode = '22023', message = 'That person is not a member of this workspace.', detail = 'person_not_in_workspace';
  end if;
  if mine = 'admin' and (target.role = 'owner' or p_role = 'owner') then
    raise exception using errcode = '42501', message = 'Only owners can make someone an owner or change an owner''s role.', detail = 'workspace_owner_only';
  end if;
  if target.role = 'owner' and p_role <> 'owner' and (
    select count(*) from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.role = 'owner' and wm.left_at is null
  ) = 1 then
    raise exception using errcode = '23514',
      message = 'A workspace needs at least one owner.', detail = 'last_workspace_owner', hint = 'Make someone else an owner first.';
  end if;
  was := target.role;
  update public.workspace_members wm set role = p_role where wm.id = target.id returning * into target;
  if was = 'guest' and p_role <> 'guest' then
    insert into public.channel_members (channel_id, user_id)
    select c.id, p_user_id from public.channels c
    where c.workspace_id = p_workspace_id and (c.is_default or c.auto_join) and c.archived_at is null
    on conflict (channel_id, user_id) do nothing;
  end if;
  return target;
end
$function$;


-- An export's #random is the new workspace's own #random, not a #random-slack beside it.
create or replace function private.import_channels(p_import uuid, p_channels jsonb, p_total integer, p_files integer)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v public.imports := private.import_lock(p_import);
begin
  if v.id is null then
    return -1;
  end if;
  perform set_config('chorus.importing', 'on', true);
  -- (a replayed call keeps what the first one noted)
  insert into private.import_channels (import_id, slack_id, channel_id, kind, name, topic, archived,
    members, existing)
  select p_import, c.slack_id, coalesce(own.id, c.id), c.kind, c.name, coalesce(c.topic, ''),
    coalesce(c.archived, false), coalesce(c.members, '{}'),
    own.id is not null or exists (select 1 from public.channels x where x.id = c.id)
  from jsonb_to_recordset(p_channels) as c(slack_id text, id uuid, kind public.channel_kind, name text,
    topic text, archived boolean, created_at timestamptz, created_by uuid, members uuid[])
  -- the export's #random goes into the workspace's own (a channel everyone joins, of its name)
  left join lateral (
    select r.id from public.channels r
    where c.kind = 'public' and not exists (select 1 from public.channels x where x.id = c.id)
      and r.workspace_id = v.workspace_id and r.auto_join and r.kind = 'public'
      and r.archived_at is null and lower(r.name) = lower(btrim(c.name, '# '))
    limit 1
  ) own on true
  on conflict (import_id, slack_id) do nothing;
  insert into public.channels (id, workspace_id, kind, name, dm_key, created_by, created_at)
  select c.id, v.workspace_id, case when c.kind = 'dm' then 'dm' else 'private' end::public.channel_kind,
    case when c.kind = 'dm' then null else 'import-' || c.id::text end,
    case when c.kind = 'dm' then 'import:' || c.id::text end,
    c.created_by, coalesce(c.created_at, now())
  from jsonb_to_recordset(p_channels) as c(slack_id text, id uuid, kind public.channel_kind,
    created_at timestamptz, created_by uuid)
  join private.import_channels ic on ic.import_id = p_import and ic.slack_id = c.slack_id
    and ic.channel_id = c.id
  where not exists (select 1 from public.channels x where x.id = c.id);
  update public.imports i
  set channels = jsonb_array_length(p_channels), messages_total = p_total, files_total = p_files,
    heartbeat_at = now(), checkpoint = jsonb_build_object('phase', 'messages', 'conversation', 0, 'day', 0, 'offset', 0)
  where i.id = p_import;
  return 0;
end
$function$;


-- The first steps' card, hidden by this person in this workspace (on every device).
create table public.first_steps_dismissals (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null,
  user_id uuid not null default auth.uid(),
  dismissed_at timestamptz not null default now(),
  constraint first_steps_dismissals_once unique (workspace_id, user_id),
  constraint first_steps_dismissals_member foreign key (workspace_id, user_id)
    references public.workspace_members (workspace_id, user_id) on delete cascade
);
alter table public.first_steps_dismissals enable row level security;
create policy "first_steps_dismissals: read own" on public.first_steps_dismissals
  for select to authenticated
  using (user_id = (select auth.uid()) and workspace_id in (select private.workspace_ids()));
create policy "first_steps_dismissals: add own" on public.first_steps_dismissals
  for insert to authenticated
  with check (user_id = (select auth.uid()) and workspace_id in (select private.workspace_ids()));
create policy "first_steps_dismissals: remove own" on public.first_steps_dismissals
  for delete to authenticated
  using (user_id = (select auth.uid()) and workspace_id in (select private.workspace_ids()));
revoke all on table public.first_steps_dismissals from anon, authenticated;
grant select, insert, delete on table public.first_steps_dismissals to authenticated;
grant all on table public.first_steps_dismissals to service_role;
select private.join_app_gate('public.first_steps_dismissals');

-- The people of the workspaces that were there had no such list: theirs counts as hidden.
insert into public.first_steps_dismissals (workspace_id, user_id)
select wm.workspace_id, wm.user_id from public.workspace_members wm
on conflict (workspace_id, user_id) do nothing;

-- What of the first steps is done, from facts (no ticks are stored):
--   invited: an invitation I made in this workspace, or someone besides me (not a bot) is in it;
--   channel: a channel I made here after the workspace itself (not the ones made with it);
--   notifications: a choice of mine that differs from the defaults (this workspace's level, a
--     channel's level or mute here, Do Not Disturb, a snooze, emails off) or a device with push on;
--   installed: a device with push on (on a phone, the installed app is where push works; that the
--     app runs installed on this device, the app sees itself);
--   dismissed: I hid the list here. may_invite: I may invite people (owners and admins).
create function public.first_steps(p_workspace_id uuid)
returns table (invited boolean, channel boolean, notifications boolean, installed boolean,
  dismissed boolean, may_invite boolean, guest boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_uid();
  v_role public.workspace_role := private.workspace_role(p_workspace_id);
  v_push boolean;
begin
  if p_workspace_id is null or v_role is null
    or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.',
      detail = 'not_workspace_member';
  end if;
  v_push := exists (select 1 from public.push_subscriptions s where s.user_id = uid);
  return query select
    exists (select 1 from public.invites i where i.workspace_id = p_workspace_id and i.created_by = uid)
      or exists (select 1 from public.workspace_members wm
        join public.profiles p on p.id = wm.user_id
        where wm.workspace_id = p_workspace_id and wm.user_id <> uid and wm.left_at is null
          and not p.is_bot),
    exists (select 1 from public.channels c join public.workspaces w on w.id = c.workspace_id
      where c.workspace_id = p_workspace_id and c.created_by = uid and c.kind <> 'dm'
        and c.created_at > w.created_at),
    v_push
      or exists (select 1 from public.notification_defaults d
        where d.workspace_id = p_workspace_id and d.user_id = uid)
      or exists (select 1 from public.channel_members cm
        where cm.workspace_id = p_workspace_id and cm.user_id = uid
          and (cm.muted or cm.notify_level is not null))
      or exists (select 1 from public.notification_settings s
        where s.user_id = uid and (s.dnd_enabled or not s.email_enabled or s.snooze_until is not null)),
    v_push,
    exists (select 1 from public.first_steps_dismissals f
      where f.workspace_id = p_workspace_id and f.user_id = uid),
    v_role in ('owner', 'admin'),
    v_role = 'guest';
end
$$;
revoke all on function public.first_steps(uuid) from public, anon;
grant execute on function public.first_steps(uuid) to authenticated, service_role;
