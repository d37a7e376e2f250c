-- Notification settings: how much each channel tells a person, a workspace-wide default per
-- person, Do Not Disturb (a daily schedule and a snooze), whether they get emails, and each
-- workspace's email delay. Only the person reads their own settings; they change them only
-- through the functions below (which check each value and say what is wrong).
--
-- Levels: 'all' (every message), 'mentions' (mentions of you and direct messages), 'nothing'.
-- A channel's own level (channel_members.notify_level) wins; null means the default: 'all' for a
-- direct message, else the person's default for the workspace ('mentions' unless they set one).
-- Muting a channel (channel_members.muted) silences it entirely: no bold, no badge, no alert,
-- no email. The rules themselves are applied by the app (features/notifications/rules.ts) and,
-- for emails, by the email job (*_chorus_notifications_email.sql).

create type public.notify_level as enum ('all', 'mentions', 'nothing');

alter table public.channel_members
  add column notify_level public.notify_level,
  add column muted boolean not null default false;

-- One row per person, made by the first change (no row = the defaults).
create table public.notification_settings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  -- Do Not Disturb every day from dnd_start to dnd_end (local times in dnd_time_zone; an end
  -- before the start runs over midnight).
  dnd_enabled boolean not null default false,
  dnd_start time not null default '22:00',
  dnd_end time not null default '08:00',
  dnd_time_zone text not null default 'UTC',
  -- Snoozed (no alerts at all) until this time.
  snooze_until timestamptz,
  email_enabled boolean not null default true,
  -- The unsubscribe link's token (an email's link works without signing in).
  email_token text not null unique default private.new_token(),
  updated_at timestamptz not null default now(),
  constraint notification_settings_dnd_span check (dnd_start <> dnd_end)
);

-- A person's default level for the channels of one workspace.
create table public.notification_defaults (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null,
  user_id uuid not null,
  level public.notify_level not null,
  updated_at timestamptz not null default now(),
  constraint notification_defaults_unique unique (workspace_id, user_id),
  constraint notification_defaults_member foreign key (workspace_id, user_id)
    references public.workspace_members (workspace_id, user_id) on delete cascade
);

-- Minutes a mention or direct message waits unread before it is emailed (owners and admins).
alter table public.workspaces
  add column email_delay_minutes integer not null default 10,
  add constraint workspaces_email_delay check (email_delay_minutes between 0 and 1440);

alter table public.notification_settings enable row level security;
alter table public.notification_defaults enable row level security;

create policy "notification_settings: read own" on public.notification_settings
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "notification_defaults: read own" on public.notification_defaults
  for select to authenticated
  using (user_id = (select auth.uid()) and workspace_id in (select private.workspace_ids()));

-- Reads only (writes go through the functions, which validate).
revoke all on public.notification_settings, public.notification_defaults from anon, authenticated;
grant select on public.notification_settings, public.notification_defaults to anon, authenticated;

-- 22023 unless p_level is one of the levels (or, with p_allow_default, 'default').
create function private.notify_level_of(p_level text, p_allow_default boolean)
returns public.notify_level
language plpgsql immutable set search_path = '' as $$
begin
  if p_level in ('all', 'mentions', 'nothing') then
    return p_level::public.notify_level;
  end if;
  if p_allow_default and p_level = 'default' then
    return null;
  end if;
  raise exception using errcode = '22023',
    message = 'Choose a notification level.',
    detail = format('%s is not one of all, mentions, nothing%s.',
      coalesce(quote_literal(p_level), 'null'), case when p_allow_default then ', default' end);
end
$$;

-- The caller's settings for a workspace: one row, the defaults where nothing was set.
create function public.my_notification_settings(p_workspace_id uuid)
returns table (
  default_level public.notify_level,
  dnd_enabled boolean,
  dnd_start time,
  dnd_end time,
  dnd_time_zone text,
  snooze_until timestamptz,
  email_enabled boolean,
  email_delay_minutes integer
)
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
begin
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.';
  end if;
  return query
  select coalesce(d.level, 'mentions'), coalesce(s.dnd_enabled, false),
    coalesce(s.dnd_start, '22:00'::time), coalesce(s.dnd_end, '08:00'::time),
    coalesce(s.dnd_time_zone, 'UTC'), s.snooze_until, coalesce(s.email_enabled, true),
    w.email_delay_minutes
  from public.workspaces w
  left join public.notification_defaults d on d.workspace_id = w.id and d.user_id = uid
  left join public.notification_settings s on s.user_id = uid
  where w.id = p_workspace_id;
end
$$;

-- A channel's level ('default' = back to the default) and mute, each left as it is when null.
create function public.set_channel_notifications(
  p_channel_id uuid,
  p_level text default null,
  p_muted boolean default null
)
returns table (channel_id uuid, notify_level public.notify_level, muted boolean)
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  v_level public.notify_level := case
    when p_level is null then null else private.notify_level_of(p_level, true) end;
begin
  return query
  update public.channel_members cm
  set notify_level = case when p_level is null then cm.notify_level else v_level end,
    muted = coalesce(p_muted, cm.muted)
  where cm.channel_id = p_channel_id and cm.user_id = uid
    and cm.workspace_id in (select private.workspace_ids())
  returning cm.channel_id, cm.notify_level, cm.muted;
  if not found then
    raise exception using errcode = '42501', message = 'You are not a member of this channel.';
  end if;
end
$$;

-- The caller's default level for the channels of a workspace.
create function public.set_notification_default(p_workspace_id uuid, p_level text)
returns public.notify_level
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  v_level public.notify_level := private.notify_level_of(p_level, false);
begin
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.';
  end if;
  insert into public.notification_defaults (workspace_id, user_id, level)
  values (p_workspace_id, uid, v_level)
  on conflict (workspace_id, user_id)
  do update set level = excluded.level, updated_at = now();
  return v_level;
end
$$;

-- Makes the caller's settings row if there is none yet; returns the user id.
create function private.own_notification_settings() returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
begin
  insert into public.notification_settings (user_id) values (uid) on conflict (user_id) do nothing;
  return uid;
end
$$;

-- Do Not Disturb's daily schedule: on or off, and (each kept when null) its start, end and the
-- IANA time zone they are in.
create function public.set_do_not_disturb(
  p_enabled boolean,
  p_start time default null,
  p_end time default null,
  p_time_zone text default null
)
returns public.notification_settings
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.own_notification_settings();
  result public.notification_settings;
begin
  if p_enabled is null then
    raise exception using errcode = '22023', message = 'Say whether Do Not Disturb is on.';
  end if;
  if p_time_zone is not null
    and not exists (select 1 from pg_catalog.pg_timezone_names where name = p_time_zone) then
    raise exception using errcode = '22023', message = 'Choose a time zone.',
      detail = format('%s is not a known time zone.', quote_literal(p_time_zone)),
      hint = 'Use an IANA name such as Europe/Paris.';
  end if;
  update public.notification_settings s
  set dnd_enabled = p_enabled,
    dnd_start = coalesce(p_start, s.dnd_start),
    dnd_end = coalesce(p_end, s.dnd_end),
    dnd_time_zone = coalesce(p_time_zone, s.dnd_time_zone),
    updated_at = now()
  where s.user_id = uid
  returning * into result;
  return result;
exception when check_violation then
  raise exception using errcode = '22023',
    message = 'Do Not Disturb must end at another time than it starts.';
end
$$;

-- Snoozes every alert until p_until (at most 7 days ahead); null or a past time ends a snooze.
create function public.snooze_notifications(p_until timestamptz)
returns public.notification_settings
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.own_notification_settings();
  result public.notification_settings;
begin
  if p_until > now() + interval '7 days' then
    raise exception using errcode = '22023', message = 'A snooze lasts 7 days at most.',
      detail = format('Until %s was asked.', p_until);
  end if;
  update public.notification_settings s
  set snooze_until = case when p_until > now() then p_until end, updated_at = now()
  where s.user_id = uid
  returning * into result;
  return result;
end
$$;

-- Whether the caller gets emails about unread mentions and direct messages.
create function public.set_email_notifications(p_enabled boolean)
returns public.notification_settings
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.own_notification_settings();
  result public.notification_settings;
begin
  if p_enabled is null then
    raise exception using errcode = '22023', message = 'Say whether emails are on.';
  end if;
  update public.notification_settings s
  set email_enabled = p_enabled, updated_at = now()
  where s.user_id = uid
  returning * into result;
  return result;
end
$$;

-- The unsubscribe link of an email: no sign-in needed, the token says whose. Returns true.
create function public.unsubscribe_email(p_token text)
returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.notification_settings s
  set email_enabled = false, updated_at = now()
  where s.email_token = p_token;
  if not found then
    raise exception using errcode = '22023', message = 'This unsubscribe link is not valid.',
      hint = 'Turn emails off in Chorus, under Notifications.';
  end if;
  return true;
end
$$;

-- The workspace's email delay in minutes (0 to 1440); owners and admins.
create function public.set_workspace_email_delay(p_workspace_id uuid, p_minutes integer)
returns integer
language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_uid();
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only owners and admins can change when emails are sent.';
  end if;
  if p_minutes is null or p_minutes not between 0 and 1440 then
    raise exception using errcode = '22023', message = 'The email delay is 0 to 1440 minutes.',
      detail = format('%s was asked.', coalesce(p_minutes::text, 'null'));
  end if;
  update public.workspaces set email_delay_minutes = p_minutes where id = p_workspace_id;
  return p_minutes;
end
$$;

revoke all on function private.notify_level_of(text, boolean),
  private.own_notification_settings() from public, anon;
revoke all on function
  public.my_notification_settings(uuid),
  public.set_channel_notifications(uuid, text, boolean),
  public.set_notification_default(uuid, text),
  public.set_do_not_disturb(boolean, time, time, text),
  public.snooze_notifications(timestamptz),
  public.set_email_notifications(boolean),
  public.unsubscribe_email(text),
  public.set_workspace_email_delay(uuid, integer)
  from public, anon;
grant execute on function
  public.my_notification_settings(uuid),
  public.set_channel_notifications(uuid, text, boolean),
  public.set_notification_default(uuid, text),
  public.set_do_not_disturb(boolean, time, time, text),
  public.snooze_notifications(timestamptz),
  public.set_email_notifications(boolean),
  public.unsubscribe_email(text),
  public.set_workspace_email_delay(uuid, integer)
  to authenticated;
-- The unsubscribe link is opened without signing in.
grant execute on function public.unsubscribe_email(text) to anon;
