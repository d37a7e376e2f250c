-- Slack's shapes for apps' messages and reactions (issue 45, item 5).
--
-- A bot's message reaches event subscribers as Slack sends an app's message posted with a bot
-- token: `user` (the bot's user id) with `bot_id`, `app_id` and `bot_profile` (a Chorus bot is its
-- own app: the three ids are the bot's user id), so an app that skips its own messages (Bolt's
-- ignoreSelf: `user` is auth.test's user_id, or `bot_id` its bot_id) skips them. An integration's
-- message (an incoming webhook, a slash command's answer) is Slack's `bot_message`: no `user`,
-- `bot_id` (the webhook's or the command's id), `username` (the name the post asked for, else
-- the integration's) and `icons`. Its event is queued when its integration row is written (the
-- message row comes first, in the same transaction), not by the message's own trigger.
-- reaction_added's `reaction` is Slack's name of the emoji (private.slack_emoji,
-- *_chorus_slack_emoji.sql): `+1`, `tada`, `+1::skin-tone-3`; a :shortcode: is its name.

-- Slack's name for a stored reaction: its shortcode, with the skin tone as Slack writes it; an
-- emoji that has no name is given as it is.
create function private.slack_emoji_name(p_emoji text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  tones constant text := '[' || U&'\+01F3FB' || '-' || U&'\+01F3FF' || ']';
  base text := regexp_replace(p_emoji, tones, '', 'g');
  tone text := substring(p_emoji from tones);
  found text;
begin
  if p_emoji ~ '^:[a-z0-9_+-]+:$' then
    return btrim(p_emoji, ':');
  end if;
  select e.name into found from private.slack_emoji e
  where e.canonical and e.key = replace(base, U&'\FE0F', '');
  if found is null then
    return p_emoji;
  end if;
  return found || coalesce('::skin-tone-' || (ascii(tone) - x'1F3FB'::int + 2), '');
end
$$;

-- The emoji Chorus stores for Slack's name (without colons; `::skin-tone-2` to `-6` allowed),
-- or null when Slack's name is not one of the table's.
create function private.slack_emoji_of(p_name text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  parts text[] := regexp_match(coalesce(p_name, ''), '^([a-z0-9_+-]{1,64})(?:::skin-tone-([2-6]))?$');
  e private.slack_emoji;
begin
  if parts is null then
    return null;
  end if;
  select * into e from private.slack_emoji x where x.name = parts[1];
  if not found then
    return null;
  end if;
  if parts[2] is null or not e.skins then
    return e.emoji;
  end if;
  -- the tone follows the first code point (its variation selector, if any, goes)
  return left(e.key, 1) || chr(x'1F3FB'::int + parts[2]::int - 2) || substr(e.key, 2);
end
$$;

revoke all on function private.slack_emoji_name(text), private.slack_emoji_of(text)
  from public, anon;
grant execute on function private.slack_emoji_name(text), private.slack_emoji_of(text)
  to authenticated, service_role;

-- Who sent a message, in Slack's fields: a person's `user`; a bot's `user`, `bot_id`, `app_id`,
-- `bot_profile`; an integration's `subtype: bot_message`, `bot_id`, `username`, `icons`.
create function private.slack_message_sender(p_author uuid, p_message_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select case
    when b.id is not null then jsonb_build_object('user', b.id, 'bot_id', b.id, 'app_id', b.id,
      'bot_profile', jsonb_build_object('id', b.id, 'app_id', b.id, 'name', b.name,
        'deleted', b.revoked_at is not null, 'team_id', b.workspace_id,
        'updated', extract(epoch from coalesce(b.regenerated_at, b.created_at))::bigint))
    when p_author is not null then jsonb_build_object('user', p_author)
    else jsonb_strip_nulls(jsonb_build_object('subtype', 'bot_message',
      'bot_id', coalesce(i.webhook_id, i.slash_command_id),
      'username', coalesce(i.username, i.app_name),
      'icons', case
        when i.icon_emoji is not null then jsonb_build_object('emoji', i.icon_emoji)
        when i.icon_url is not null then jsonb_build_object('image_48', i.icon_url)
      end))
  end
  from (select 1) one
  left join public.bots b on b.id = p_author
  left join public.integration_messages i on i.message_id = p_message_id
$$;
revoke all on function private.slack_message_sender(uuid, uuid) from public, anon, authenticated;

-- A message's `message` event, queued for the subscriptions that take it.
create function private.queue_message_event(m public.messages) returns void
language plpgsql security definer set search_path = '' as $$
declare
  c public.channels;
  parent_at timestamptz;
  event jsonb;
begin
  if m.deleted_at is not null then
    return;
  end if;
  select * into c from public.channels x where x.id = m.channel_id;
  if c.kind is distinct from 'public' and c.kind is distinct from 'private' then
    return;
  end if;
  if not exists (select 1 from public.event_subscriptions s where s.workspace_id = c.workspace_id) then
    return;
  end if;
  event := jsonb_build_object('type', 'message', 'channel', c.id, 'text', m.body,
    'ts', private.slack_ts(m.created_at), 'event_ts', private.slack_ts(m.created_at),
    'channel_type', case when c.kind = 'public' then 'channel' else 'group' end)
    || private.slack_message_sender(m.author_id, m.id);
  if m.parent_id is not null then
    select p.created_at into parent_at from public.messages p where p.id = m.parent_id;
    event := event || jsonb_build_object('thread_ts', private.slack_ts(parent_at));
    if m.in_channel then
      event := event || jsonb_build_object('subtype', 'thread_broadcast');
    end if;
  end if;
  perform private.queue_event(c.workspace_id, c.id, 'message', event);
end
$$;
revoke all on function private.queue_message_event(public.messages) from public, anon, authenticated;

create or replace function private.messages_queue_events() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- an integration's message is queued with its integration row (integration_messages_queue_events)
  if private.importing() or new.author_id is null then
    return null;
  end if;
  perform private.queue_message_event(new);
  return null;
end
$$;

create function private.integration_messages_queue_events() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  m public.messages;
begin
  if private.importing() then
    return null;
  end if;
  select * into m from public.messages x where x.id = new.message_id;
  if found and m.author_id is null then
    perform private.queue_message_event(m);
  end if;
  return null;
end
$$;

revoke all on function private.integration_messages_queue_events() from public, anon;

create trigger integration_messages_queue_events after insert on public.integration_messages
  for each row execute function private.integration_messages_queue_events();

create or replace function private.reactions_queue_events() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  m public.messages;
  ws uuid;
begin
  if private.importing() then
    return null;
  end if;
  select c.workspace_id into ws from public.channels c where c.id = new.channel_id;
  if not exists (select 1 from public.event_subscriptions s where s.workspace_id = ws) then
    return null;
  end if;
  select * into m from public.messages x where x.id = new.message_id;
  perform private.queue_event(ws, new.channel_id, 'reaction_added',
    jsonb_strip_nulls(jsonb_build_object('type', 'reaction_added', 'user', new.user_id,
      'reaction', private.slack_emoji_name(new.emoji),
      'item_user', m.author_id,
      'item', jsonb_build_object('type', 'message', 'channel', new.channel_id,
        'ts', private.slack_ts(m.created_at)),
      'event_ts', private.slack_ts(new.created_at))));
  return null;
end
$$;
