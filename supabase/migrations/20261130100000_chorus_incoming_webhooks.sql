-- Slack-compatible incoming webhooks (issue 33, part 1).
--
-- A workspace owner or admin creates a webhook for a channel (a name, an emoji or https icon) and
-- gets its secret once: the URL is <project>/functions/v1/webhooks/<id>/<secret>. Only the
-- secret's sha256 is stored. The `webhooks` Edge Function turns Slack's payload into the message's
-- markdown and calls post_incoming_webhook() with the service key; the message is an ordinary
-- `messages` row with no author (author_id null) and an `integration_messages` row saying which
-- integration wrote it and under which name, so the app marks it as an app's (APP badge) and no
-- person can be impersonated. Regenerating the secret or revoking the webhook takes effect at once
-- (the next post is checked against the row). Posts are rate-limited per webhook by a token
-- bucket (private.integration_config: a burst of `webhook_burst`, refilled at
-- `webhook_per_second`), as Slack allows about one message a second with short bursts.

create table public.incoming_webhooks (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  name text not null,
  icon_emoji text,
  icon_url text,
  secret_hash bytea not null,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  regenerated_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  -- the rate limit's token bucket
  tokens double precision not null default 0,
  tokens_at timestamptz not null default now(),
  constraint incoming_webhooks_name_length check (char_length(name) between 1 and 80),
  constraint incoming_webhooks_icon_emoji check (icon_emoji is null or icon_emoji ~ '^:[a-z0-9_+-]{1,64}:$'),
  constraint incoming_webhooks_icon_url check (icon_url is null or (icon_url ~ '^https://[^\s<>"]+$' and char_length(icon_url) <= 2000))
);
create index incoming_webhooks_workspace on public.incoming_webhooks (workspace_id, created_at desc);
create index incoming_webhooks_channel on public.incoming_webhooks (channel_id);

alter table public.incoming_webhooks enable row level security;

-- Owners and admins of the workspace, for the channels they can see (a private channel's
-- webhooks only to its members).
create policy "incoming_webhooks: admins read" on public.incoming_webhooks
  for select to authenticated
  using (
    workspace_id in (select private.admin_workspace_ids())
    and channel_id in (select private.visible_channel_ids())
  );

revoke all on public.incoming_webhooks from anon, authenticated;
-- Never the secret's hash nor the bucket: only what the Settings screen lists.
grant select (id, workspace_id, channel_id, name, icon_emoji, icon_url, created_by, created_at,
  regenerated_at, last_used_at, revoked_at) on public.incoming_webhooks to authenticated;

create table public.integration_messages (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null unique references public.messages (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  webhook_id uuid references public.incoming_webhooks (id) on delete set null,
  -- the integration's own name (the webhook's), and the name and icon the payload asked for
  app_name text not null,
  username text,
  icon_emoji text,
  icon_url text,
  created_at timestamptz not null default now()
);
create index integration_messages_channel on public.integration_messages (channel_id, created_at desc);
create index integration_messages_webhook on public.integration_messages (webhook_id);

alter table public.integration_messages enable row level security;

create policy "integration_messages: channel members read" on public.integration_messages
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));

revoke all on public.integration_messages from anon, authenticated;
grant select on public.integration_messages to anon, authenticated;

create table private.integration_config (
  name text primary key,
  value double precision not null
);
insert into private.integration_config (name, value)
values ('webhook_burst', 10), ('webhook_per_second', 1);

create function private.integration_setting(p_name text, p_default double precision)
returns double precision
language sql stable security definer set search_path = '' as $$
  select coalesce((select value from private.integration_config where name = p_name), p_default)
$$;

create function private.require_webhook_admin(p_id uuid)
returns public.incoming_webhooks
language plpgsql stable security definer set search_path = '' as $$
declare
  w public.incoming_webhooks;
begin
  perform private.require_uid();
  select * into w from public.incoming_webhooks h
  where h.id = p_id
    and h.workspace_id in (select private.admin_workspace_ids())
    and h.channel_id in (select private.visible_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Webhook not found.';
  end if;
  return w;
end
$$;

create function private.clean_webhook_icon(p_icon_emoji text, p_icon_url text)
returns text[]
language plpgsql immutable set search_path = '' as $$
declare
  emoji text := nullif(btrim(coalesce(p_icon_emoji, '')), '');
  url text := nullif(btrim(coalesce(p_icon_url, '')), '');
begin
  if emoji is not null and emoji !~ '^:[a-z0-9_+-]{1,64}:$' then
    raise exception using errcode = '22023', message = 'The icon must be an emoji shortcode.',
      detail = 'For example :robot_face:.';
  end if;
  if url is not null and (url !~ '^https://[^\s<>"]+$' or char_length(url) > 2000) then
    raise exception using errcode = '22023', message = 'The icon URL must be an https:// address.';
  end if;
  return array[emoji, url];
end
$$;

-- A new webhook and its secret, which is shown once: only its hash is kept.
create function public.create_incoming_webhook(
  p_channel_id uuid,
  p_name text,
  p_icon_emoji text default null,
  p_icon_url text default null
)
returns table (id uuid, secret text)
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  ch public.channels;
  icon text[];
  s text := private.new_token() || private.new_token();
  w_id uuid;
begin
  ch := private.require_visible_channel(p_channel_id);
  if not private.is_workspace_admin(ch.workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can manage integrations.';
  end if;
  if ch.kind = 'dm' then
    raise exception using errcode = '22023', message = 'A webhook posts to a channel, not a direct message.';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived.';
  end if;
  icon := private.clean_webhook_icon(p_icon_emoji, p_icon_url);
  insert into public.incoming_webhooks (workspace_id, channel_id, name, icon_emoji, icon_url,
    secret_hash, created_by, tokens)
  values (ch.workspace_id, ch.id, private.clean_line(p_name, 'The name', 80), icon[1], icon[2],
    extensions.digest(s, 'sha256'), uid, private.integration_setting('webhook_burst', 10))
  returning incoming_webhooks.id into w_id;
  return query select w_id, s;
end
$$;

-- A new secret: the old URL stops working at once.
create function public.regenerate_incoming_webhook(p_id uuid)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  w public.incoming_webhooks := private.require_webhook_admin(p_id);
  s text := private.new_token() || private.new_token();
begin
  if w.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This webhook was revoked.',
      hint = 'Create a new one.';
  end if;
  update public.incoming_webhooks h
  set secret_hash = extensions.digest(s, 'sha256'), regenerated_at = now()
  where h.id = w.id;
  return s;
end
$$;

-- Revoked for good (kept in the list, so its past messages still name it).
create function public.revoke_incoming_webhook(p_id uuid)
returns public.incoming_webhooks
language plpgsql security definer set search_path = '' as $$
declare
  w public.incoming_webhooks := private.require_webhook_admin(p_id);
begin
  update public.incoming_webhooks h
  set revoked_at = coalesce(h.revoked_at, now())
  where h.id = w.id
  returning * into w;
  return w;
end
$$;

-- A post through a webhook (the `webhooks` Edge Function, with the service key). Answers Slack's
-- outcome as text: 'ok', 'no_service' (no such webhook or revoked), 'invalid_token' (a wrong or
-- replaced secret), 'channel_not_found', 'channel_is_archived', 'rate_limited:<seconds>'. Nothing
-- is stored unless 'ok'. The body is Chorus markdown, already converted and checked by the
-- function; the message's own checks (length, mentions of people not in the channel) raise.
create function public.post_incoming_webhook(
  p_webhook_id uuid,
  p_secret text,
  p_message_id uuid,
  p_body text,
  p_username text default null,
  p_icon_emoji text default null,
  p_icon_url text default null
)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  w public.incoming_webhooks;
  ch public.channels;
  burst double precision := private.integration_setting('webhook_burst', 10);
  rate double precision := private.integration_setting('webhook_per_second', 1);
  available double precision;
  icon text[];
  username text;
  v_message_id uuid;
begin
  if p_message_id is null then
    raise exception using errcode = '22023', message = 'p_message_id is required.';
  end if;
  select * into w from public.incoming_webhooks h where h.id = p_webhook_id for update;
  if not found or w.revoked_at is not null then
    return 'no_service';
  end if;
  if p_secret is null or w.secret_hash <> extensions.digest(p_secret, 'sha256') then
    return 'invalid_token';
  end if;
  select * into ch from public.channels c where c.id = w.channel_id;
  if not found then
    return 'channel_not_found';
  end if;
  if ch.archived_at is not null then
    return 'channel_is_archived';
  end if;
  -- The bucket (full when the webhook is made), refilled since its last use.
  available := least(burst, w.tokens + greatest(extract(epoch from now() - w.tokens_at), 0) * rate);
  if available < 1 then
    update public.incoming_webhooks h set tokens = available, tokens_at = now() where h.id = w.id;
    return 'rate_limited:' || case when rate > 0 then ceil((1 - available) / rate)::int else 60 end;
  end if;
  icon := private.clean_webhook_icon(p_icon_emoji, p_icon_url);
  username := nullif(private.clean_line(coalesce(p_username, ''), 'The username', 80, true), '');
  insert into public.messages (id, channel_id, author_id, body)
  values (p_message_id, w.channel_id, null, p_body)
  returning id into v_message_id;
  if v_message_id is null then
    -- an id already taken (the insert trigger skips a repeated message): never attach to it
    raise exception using errcode = '22023', message = 'This message id is taken.';
  end if;
  insert into public.integration_messages (message_id, channel_id, webhook_id, app_name, username,
    icon_emoji, icon_url)
  values (v_message_id, w.channel_id, w.id, w.name, username,
    coalesce(icon[1], w.icon_emoji), coalesce(icon[2], w.icon_url));
  update public.incoming_webhooks h
  set tokens = available - 1, tokens_at = now(), last_used_at = now()
  where h.id = w.id;
  return 'ok';
end
$$;

revoke all on function
  private.integration_setting(text, double precision),
  private.require_webhook_admin(uuid),
  private.clean_webhook_icon(text, text)
  from public, anon;
grant execute on function
  private.integration_setting(text, double precision),
  private.require_webhook_admin(uuid),
  private.clean_webhook_icon(text, text)
  to authenticated, service_role;
revoke all on function
  public.create_incoming_webhook(uuid, text, text, text),
  public.regenerate_incoming_webhook(uuid),
  public.revoke_incoming_webhook(uuid),
  public.post_incoming_webhook(uuid, text, uuid, text, text, text, text)
  from public, anon, authenticated;
grant execute on function
  public.create_incoming_webhook(uuid, text, text, text),
  public.regenerate_incoming_webhook(uuid),
  public.revoke_incoming_webhook(uuid)
  to authenticated, service_role;
grant execute on function public.post_incoming_webhook(uuid, text, uuid, text, text, text, text)
  to service_role;
