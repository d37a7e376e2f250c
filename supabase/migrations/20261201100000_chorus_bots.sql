-- Bots (issue 33, part 2).
--
-- A workspace owner or admin creates a bot: an account like a person's (an auth.users row with
-- no email, phone or password, so nobody can sign in as it; its profile has is_bot), a member of
-- the workspace (role member) and of the channels an admin adds it to (add_channel_members, as
-- for a person: a bot never joins by itself). Its API token, `xoxb-` + 64 hex digits (256 random
-- bits), is shown once: only its sha256 is stored. Regenerating replaces it and revoking ends the
-- bot's access, both at once. The `slack-api` Edge Function checks a token with
-- authenticate_bot() (service role) and then does the method's work AS THE BOT, under row-level
-- security, calling the same RPCs the app calls: what a bot may read and write is exactly what a
-- person with its memberships may. Calls are rate-limited per bot by a token bucket
-- (private.integration_config: a burst of `bot_burst`, refilled at `bot_per_second`).

alter table public.profiles add column is_bot boolean not null default false;

create table public.bots (
  -- the bot's user id (its auth.users row and profile)
  id uuid primary key references public.profiles (id) on delete cascade,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  name text not null,
  token_hash bytea not null,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  regenerated_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  -- the rate limit's token bucket
  tokens double precision not null default 0,
  tokens_at timestamptz not null default now(),
  constraint bots_name_length check (char_length(name) between 1 and 64)
);
create unique index bots_token_hash on public.bots (token_hash);
create index bots_workspace on public.bots (workspace_id, created_at desc);

alter table public.bots enable row level security;

create policy "bots: admins read" on public.bots
  for select to authenticated
  using (workspace_id in (select private.admin_workspace_ids()));

revoke all on public.bots from anon, authenticated;
-- Never the token's hash nor the bucket.
grant select (id, workspace_id, name, created_by, created_at, regenerated_at, last_used_at,
  revoked_at) on public.bots to authenticated;

insert into private.integration_config (name, value)
values ('bot_burst', 50), ('bot_per_second', 2);

create function private.new_bot_token()
returns text
language sql volatile set search_path = '' as $$
  select 'xoxb-' || encode(extensions.gen_random_bytes(32), 'hex')
$$;

create function private.require_bot_admin(p_id uuid)
returns public.bots
language plpgsql stable security definer set search_path = '' as $$
declare
  b public.bots;
begin
  perform private.require_uid();
  select * into b from public.bots x
  where x.id = p_id and x.workspace_id in (select private.admin_workspace_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Bot not found.';
  end if;
  return b;
end
$$;

-- A new bot and its token, which is shown once: only its hash is kept.
create function public.create_bot(p_workspace_id uuid, p_name text)
returns table (id uuid, token text)
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  bot_name text := private.clean_line(p_name, 'The name', 64);
  bot_id uuid := gen_random_uuid();
  t text := private.new_bot_token();
begin
  if p_workspace_id is null or not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can manage integrations.';
  end if;
  -- An account nobody can sign in to: no email, no phone, no password.
  insert into auth.users as u (instance_id, id, aud, role, email, encrypted_password,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
  values ('00000000-0000-0000-0000-000000000000', bot_id, 'authenticated', 'authenticated', null,
    null, jsonb_build_object('provider', 'chorus_bot', 'providers', '[]'::jsonb, 'bot', true),
    jsonb_build_object('display_name', bot_name), now(), now(), false);
  update public.profiles p set is_bot = true, display_name = bot_name where p.id = bot_id;
  insert into public.workspace_members (workspace_id, user_id, role)
  values (p_workspace_id, bot_id, 'member');
  insert into public.bots (id, workspace_id, name, token_hash, created_by, tokens)
  values (bot_id, p_workspace_id, bot_name, extensions.digest(t, 'sha256'), uid,
    private.integration_setting('bot_burst', 50));
  return query select bot_id, t;
end
$$;

-- A new token: the old one stops working at once.
create function public.regenerate_bot_token(p_id uuid)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  b public.bots := private.require_bot_admin(p_id);
  t text := private.new_bot_token();
begin
  if b.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This bot was revoked.',
      hint = 'Create a new one.';
  end if;
  update public.bots x set token_hash = extensions.digest(t, 'sha256'), regenerated_at = now()
  where x.id = b.id;
  return t;
end
$$;

-- Revoked for good: its token is refused from now on (it stays a member, so its past messages
-- keep its name).
create function public.revoke_bot(p_id uuid)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  b public.bots := private.require_bot_admin(p_id);
begin
  update public.bots x set revoked_at = coalesce(x.revoked_at, now()) where x.id = b.id;
end
$$;

-- The Settings screen's list: a workspace's bots with who made them and their channels.
create function public.workspace_bots(p_workspace_id uuid)
returns table (id uuid, name text, created_by uuid, created_by_name text,
  created_at timestamptz, regenerated_at timestamptz, last_used_at timestamptz,
  revoked_at timestamptz, channels jsonb)
language sql stable security definer set search_path = '' as $$
  select b.id, b.name, b.created_by, p.display_name, b.created_at, b.regenerated_at,
    b.last_used_at, b.revoked_at,
    coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name) order by c.name)
      from public.channel_members cm
      join public.channels c on c.id = cm.channel_id
      where cm.user_id = b.id and c.id in (select private.visible_channel_ids())
    ), '[]'::jsonb)
  from public.bots b
  left join public.profiles p on p.id = b.created_by
  where b.workspace_id = p_workspace_id
    and p_workspace_id in (select private.admin_workspace_ids())
  order by b.created_at desc, b.id
$$;

-- The `slack-api` function's check of a token (service role): 'ok' with the bot's user id,
-- 'invalid_auth' (no such token: wrong or replaced), 'token_revoked', 'account_inactive' (the bot
-- was removed from its workspace) or 'ratelimited' with the seconds to wait. A call that is let
-- through takes one token from the bot's bucket and marks the bot used.
create function public.authenticate_bot(p_token text)
returns table (outcome text, user_id uuid, workspace_id uuid, retry_after integer)
language plpgsql security definer set search_path = '' as $$
declare
  b public.bots;
  burst double precision := private.integration_setting('bot_burst', 50);
  rate double precision := private.integration_setting('bot_per_second', 2);
  available double precision;
begin
  if p_token is null or p_token !~ '^xoxb-[0-9a-f]{64}$' then
    return query select 'invalid_auth', null::uuid, null::uuid, null::integer;
    return;
  end if;
  select * into b from public.bots x where x.token_hash = extensions.digest(p_token, 'sha256')
  for update;
  if not found then
    return query select 'invalid_auth', null::uuid, null::uuid, null::integer;
    return;
  end if;
  if b.revoked_at is not null then
    return query select 'token_revoked', b.id, b.workspace_id, null::integer;
    return;
  end if;
  if not exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = b.workspace_id and wm.user_id = b.id and wm.left_at is null
  ) then
    return query select 'account_inactive', b.id, b.workspace_id, null::integer;
    return;
  end if;
  available := least(burst, b.tokens + greatest(extract(epoch from now() - b.tokens_at), 0) * rate);
  if available < 1 then
    update public.bots x set tokens = available, tokens_at = now() where x.id = b.id;
    return query select 'ratelimited', b.id, b.workspace_id,
      case when rate > 0 then ceil((1 - available) / rate)::int else 60 end;
    return;
  end if;
  update public.bots x set tokens = available - 1, tokens_at = now(), last_used_at = now()
  where x.id = b.id;
  return query select 'ok', b.id, b.workspace_id, null::integer;
end
$$;

revoke all on function
  private.new_bot_token(),
  private.require_bot_admin(uuid)
  from public, anon;
grant execute on function
  private.new_bot_token(),
  private.require_bot_admin(uuid)
  to authenticated, service_role;
revoke all on function
  public.create_bot(uuid, text),
  public.regenerate_bot_token(uuid),
  public.revoke_bot(uuid),
  public.workspace_bots(uuid),
  public.authenticate_bot(text)
  from public, anon, authenticated;
grant execute on function
  public.create_bot(uuid, text),
  public.regenerate_bot_token(uuid),
  public.revoke_bot(uuid),
  public.workspace_bots(uuid)
  to authenticated, service_role;
grant execute on function public.authenticate_bot(text) to service_role;
