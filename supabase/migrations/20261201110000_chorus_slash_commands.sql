-- Custom slash commands (issue 33, part 3), Slack's way.
--
-- A workspace owner or admin registers a command (`/deploy`, the URL of the app's server, a
-- description and a usage hint) and gets the app's signing secret once. The secret is kept where
-- only the `slash-commands` Edge Function (the service role) reads it: private.slash_command_secrets
-- (the private schema is not exposed, and nothing grants it). Every workspace member sees the
-- commands (name, description, hint: the composer's autocomplete); the URL only the admins
-- (admin_slash_commands()).
--
-- A run: the function calls start_slash_command() with the caller's JWT (it checks the caller is
-- in the channel and the command is the channel's workspace's) and prepare_slash_command() with
-- the service key (the response_url's secret, whose sha256 only is kept, and the signing secret
-- to sign with), then POSTs Slack's form to the URL. Answers, at once or later through the
-- response_url (30 minutes, 5 uses), go through answer_slash_command(): `in_channel` posts the
-- invoking command as the caller (Slack shows it) and the answer as the command's app (the APP
-- marker: an integration_messages row naming the command); `ephemeral` is for the caller only:
-- the function's own answer carries an immediate one, a later one is a slash_command_responses
-- row that RLS shows to the caller only, sent live on the caller's user topic.

create table public.slash_commands (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  name text not null,
  url text not null,
  description text not null default '',
  usage_hint text not null default '',
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  constraint slash_commands_name check (name ~ '^/[a-z0-9][a-z0-9_-]{0,31}$'),
  constraint slash_commands_url check (url ~ '^https?://[^\s<>"]+$' and char_length(url) <= 2000),
  constraint slash_commands_description check (char_length(description) <= 140),
  constraint slash_commands_usage_hint check (char_length(usage_hint) <= 100)
);
create unique index slash_commands_live_name on public.slash_commands (workspace_id, name)
  where revoked_at is null;

alter table public.slash_commands enable row level security;

create policy "slash_commands: workspace members read" on public.slash_commands
  for select to authenticated
  using (workspace_id in (select private.workspace_ids()));

revoke all on public.slash_commands from anon, authenticated;
-- Never the URL (it may carry the app's own token): admins read it through admin_slash_commands().
grant select (id, workspace_id, name, description, usage_hint, created_by, created_at, updated_at,
  last_used_at, revoked_at) on public.slash_commands to authenticated;

-- The signing secrets: read by the service role only (the Edge Function, through
-- prepare_slash_command()).
create table private.slash_command_secrets (
  command_id uuid primary key references public.slash_commands (id) on delete cascade,
  secret text not null
);

create table private.slash_command_invocations (
  id uuid primary key default gen_random_uuid(),
  command_id uuid not null references public.slash_commands (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  text text not null,
  response_hash bytea,
  uses integer not null default 0,
  echoed boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '30 minutes'
);
create index slash_command_invocations_created on private.slash_command_invocations (created_at);

-- Later ephemeral answers: the caller's only.
create table public.slash_command_responses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  command text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index slash_command_responses_user on public.slash_command_responses (user_id, channel_id, created_at desc);

alter table public.slash_command_responses enable row level security;

create policy "slash_command_responses: the caller reads" on public.slash_command_responses
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "slash_command_responses: the caller dismisses" on public.slash_command_responses
  for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.slash_command_responses from anon, authenticated;
grant select, delete on public.slash_command_responses to authenticated;

alter table public.integration_messages
  add column slash_command_id uuid references public.slash_commands (id) on delete set null;
create index integration_messages_slash_command on public.integration_messages (slash_command_id);

create function private.slash_responses_live() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.live_send('live:user:' || new.user_id::text, 'slash_command_responses', 'INSERT',
    to_jsonb(new));
  return null;
end
$$;

create trigger slash_command_responses_live after insert on public.slash_command_responses
  for each row execute function private.slash_responses_live();

create function private.require_slash_admin(p_workspace_id uuid)
returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_uid();
  if p_workspace_id is null or not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can manage integrations.';
  end if;
end
$$;

create function private.clean_slash_url(p_url text)
returns text
language plpgsql immutable set search_path = '' as $$
declare
  url text := btrim(coalesce(p_url, ''));
begin
  if url !~* '^https?://[^\s<>"/@]+(/[^\s<>"]*)?$' or char_length(url) > 2000 then
    raise exception using errcode = '22023',
      message = 'The URL must be an http:// or https:// address.',
      detail = 'For example https://deploy.example.com/slack/command.';
  end if;
  return url;
end
$$;

-- The workspace's commands with their URLs, for its owners and admins (Settings).
create function public.admin_slash_commands(p_workspace_id uuid)
returns table (id uuid, name text, url text, description text, usage_hint text,
  created_by uuid, created_at timestamptz, last_used_at timestamptz, revoked_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_slash_admin(p_workspace_id);
  return query
    select s.id, s.name, s.url, s.description, s.usage_hint, s.created_by, s.created_at,
      s.last_used_at, s.revoked_at
    from public.slash_commands s
    where s.workspace_id = p_workspace_id
    order by s.revoked_at is not null, s.name, s.created_at desc;
end
$$;

-- A new command and its signing secret, shown once (the app's server verifies with it).
create function public.create_slash_command(
  p_workspace_id uuid,
  p_name text,
  p_url text,
  p_description text default '',
  p_usage_hint text default ''
)
returns table (id uuid, signing_secret text)
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  v_name text := lower(btrim(coalesce(p_name, '')));
  s text := encode(extensions.gen_random_bytes(16), 'hex');
  c_id uuid;
begin
  perform private.require_slash_admin(p_workspace_id);
  if v_name !~ '^/' then
    v_name := '/' || v_name;
  end if;
  if v_name !~ '^/[a-z0-9][a-z0-9_-]{0,31}$' then
    raise exception using errcode = '22023',
      message = 'A command is a slash and up to 32 letters, digits, - or _.',
      detail = 'For example /deploy.';
  end if;
  if v_name in ('/me', '/shrug', '/topic', '/invite', '/leave', '/remind', '/mute', '/status') then
    raise exception using errcode = '22023', message = format('%s is a built-in command.', v_name);
  end if;
  if exists (select 1 from public.slash_commands x
             where x.workspace_id = p_workspace_id and x.name = v_name and x.revoked_at is null) then
    raise exception using errcode = '23505', message = format('%s already exists.', v_name),
      hint = 'Edit its URL or revoke it first.';
  end if;
  insert into public.slash_commands (workspace_id, name, url, description, usage_hint, created_by)
  values (p_workspace_id, v_name, private.clean_slash_url(p_url),
    private.clean_line(p_description, 'The description', 140, true),
    private.clean_line(p_usage_hint, 'The usage hint', 100, true), uid)
  returning slash_commands.id into c_id;
  insert into private.slash_command_secrets (command_id, secret) values (c_id, s);
  return query select c_id, s;
end
$$;

create function private.require_slash_command_admin(p_id uuid)
returns public.slash_commands
language plpgsql stable security definer set search_path = '' as $$
declare
  c public.slash_commands;
begin
  perform private.require_uid();
  select * into c from public.slash_commands s
  where s.id = p_id and s.workspace_id in (select private.admin_workspace_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Command not found.';
  end if;
  if c.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This command was revoked.';
  end if;
  return c;
end
$$;

create function public.update_slash_command(
  p_id uuid, p_url text, p_description text default null, p_usage_hint text default null
)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  c public.slash_commands := private.require_slash_command_admin(p_id);
begin
  update public.slash_commands s
  set url = private.clean_slash_url(p_url),
      description = coalesce(private.clean_line(p_description, 'The description', 140, true), c.description),
      usage_hint = coalesce(private.clean_line(p_usage_hint, 'The usage hint', 100, true), c.usage_hint),
      updated_at = now()
  where s.id = c.id;
end
$$;

-- Revoked for good: it stops at once, its secret and pending response_urls are dropped.
create function public.revoke_slash_command(p_id uuid)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  c public.slash_commands := private.require_slash_command_admin(p_id);
begin
  update public.slash_commands s set revoked_at = now() where s.id = c.id;
  delete from private.slash_command_secrets x where x.command_id = c.id;
  delete from private.slash_command_invocations i where i.command_id = c.id;
end
$$;

-- A run of a custom command by the caller (the function calls it with the caller's JWT).
create function public.start_slash_command(p_channel_id uuid, p_command text, p_text text)
returns table (invocation_id uuid, command_id uuid, command text, user_id uuid, user_name text,
  channel_name text, team_id uuid, team_domain text)
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ch public.channels;
  c public.slash_commands;
  i_id uuid;
begin
  select * into ch from public.channels x where x.id = p_channel_id;
  if not found or not private.is_channel_member(p_channel_id) then
    raise exception using errcode = '42501', message = 'You are not in this channel.';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived.';
  end if;
  if char_length(coalesce(p_text, '')) > 4000 then
    raise exception using errcode = '22023', message = 'The text must be at most 4000 characters.';
  end if;
  select * into c from public.slash_commands s
  where s.workspace_id = ch.workspace_id and s.name = lower(coalesce(p_command, ''))
    and s.revoked_at is null;
  if not found then
    raise exception using errcode = '22023',
      message = format('%s is not a command.', coalesce(p_command, '')),
      hint = 'Type / to see the commands.';
  end if;
  -- the old runs' response_urls are expired: forget them
  delete from private.slash_command_invocations i where i.expires_at < now() - interval '1 day';
  insert into private.slash_command_invocations (command_id, user_id, channel_id, text)
  values (c.id, uid, ch.id, coalesce(p_text, ''))
  returning id into i_id;
  update public.slash_commands s set last_used_at = now() where s.id = c.id;
  return query
    select i_id, c.id, c.name, uid, p.display_name,
      coalesce(ch.name, 'directmessage'), w.id, w.slug
    from public.profiles p, public.workspaces w
    where p.id = uid and w.id = ch.workspace_id;
end
$$;

-- The function's half (service key): the response_url's secret (only its hash kept, set once)
-- and what to sign and send with.
create function public.prepare_slash_command(p_invocation_id uuid, p_response_secret text)
returns table (url text, signing_secret text)
language plpgsql security definer set search_path = '' as $$
declare
  inv private.slash_command_invocations;
begin
  select * into inv from private.slash_command_invocations i where i.id = p_invocation_id for update;
  if not found or inv.response_hash is not null or coalesce(p_response_secret, '') = '' then
    raise exception using errcode = '22023', message = 'No such command run.';
  end if;
  update private.slash_command_invocations i
  set response_hash = extensions.digest(p_response_secret, 'sha256')
  where i.id = inv.id;
  return query
    select s.url, x.secret
    from public.slash_commands s join private.slash_command_secrets x on x.command_id = s.id
    where s.id = inv.command_id and s.revoked_at is null;
end
$$;

-- An answer of the command's app (service key). p_response_secret null: the app's own answer to
-- the POST (not counted); otherwise a response_url's (30 minutes, 5 uses). Outcomes: 'ok',
-- 'no_service' (no such run, or the command revoked), 'invalid_token', 'expired', 'used_up',
-- 'channel_is_archived'. Ephemeral answers of the POST itself are not stored (the function
-- returns them to the caller).
create function public.answer_slash_command(
  p_invocation_id uuid,
  p_response_secret text,
  p_in_channel boolean,
  p_body text,
  p_message_id uuid default null
)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  inv private.slash_command_invocations;
  c public.slash_commands;
  ch public.channels;
  body text := coalesce(p_body, '');
  v_message_id uuid;
begin
  select * into inv from private.slash_command_invocations i where i.id = p_invocation_id for update;
  if not found or inv.response_hash is null then
    return 'no_service';
  end if;
  select * into c from public.slash_commands s where s.id = inv.command_id;
  if not found or c.revoked_at is not null then
    return 'no_service';
  end if;
  if p_response_secret is not null then
    if inv.response_hash <> extensions.digest(p_response_secret, 'sha256') then
      return 'invalid_token';
    end if;
    if inv.expires_at < now() then
      return 'expired';
    end if;
    if inv.uses >= 5 then
      return 'used_up';
    end if;
    update private.slash_command_invocations i set uses = uses + 1 where i.id = inv.id;
  end if;
  if char_length(body) > 4000 then
    raise exception using errcode = '22023', message = 'The answer must be at most 4000 characters.';
  end if;
  if not p_in_channel then
    if p_response_secret is not null and body <> '' then
      insert into public.slash_command_responses (user_id, channel_id, command, body)
      values (inv.user_id, inv.channel_id, c.name, body);
    end if;
    return 'ok';
  end if;
  select * into ch from public.channels x where x.id = inv.channel_id;
  if ch.archived_at is not null then
    return 'channel_is_archived';
  end if;
  -- Slack shows the command that was run above its first answer in the channel.
  if not inv.echoed and exists (select 1 from public.channel_members cm
                                where cm.channel_id = ch.id and cm.user_id = inv.user_id) then
    insert into public.messages (channel_id, author_id, body)
    values (ch.id, inv.user_id, private.clean_line(c.name || ' ' || inv.text, 'The command', 4000));
    update private.slash_command_invocations i set echoed = true where i.id = inv.id;
  end if;
  insert into public.messages (id, channel_id, author_id, body)
  values (coalesce(p_message_id, gen_random_uuid()), ch.id, null, body)
  returning id into v_message_id;
  if v_message_id is null then
    -- an id already taken (the insert trigger skips a repeated message): never attach to it
    raise exception using errcode = '22023', message = 'This message id is taken.';
  end if;
  insert into public.integration_messages (message_id, channel_id, app_name, slash_command_id)
  values (v_message_id, ch.id, c.name, c.id);
  return 'ok';
end
$$;

revoke all on function
  private.require_slash_admin(uuid),
  private.clean_slash_url(text),
  private.require_slash_command_admin(uuid),
  private.slash_responses_live()
  from public, anon;
grant execute on function
  private.require_slash_admin(uuid),
  private.clean_slash_url(text),
  private.require_slash_command_admin(uuid)
  to authenticated, service_role;
revoke all on function
  public.admin_slash_commands(uuid),
  public.create_slash_command(uuid, text, text, text, text),
  public.update_slash_command(uuid, text, text, text),
  public.revoke_slash_command(uuid),
  public.start_slash_command(uuid, text, text),
  public.prepare_slash_command(uuid, text),
  public.answer_slash_command(uuid, text, boolean, text, uuid)
  from public, anon, authenticated;
grant execute on function
  public.admin_slash_commands(uuid),
  public.create_slash_command(uuid, text, text, text, text),
  public.update_slash_command(uuid, text, text, text),
  public.revoke_slash_command(uuid),
  public.start_slash_command(uuid, text, text)
  to authenticated, service_role;
grant execute on function
  public.prepare_slash_command(uuid, text),
  public.answer_slash_command(uuid, text, boolean, text, uuid)
  to service_role;
