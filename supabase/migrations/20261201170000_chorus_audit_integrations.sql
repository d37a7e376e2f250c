-- The audit log records the integrations that came after it (issue 35, part 5, with issue 33):
-- bots (made, token regenerated, revoked), custom slash commands (registered, changed, revoked)
-- and outgoing event subscriptions (added, changed, paused, resumed, secret rotated, deleted).

create or replace function private.audit_bots()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'bot.created', 'bot', new.id::text, new.name);
  else
    if new.regenerated_at is distinct from old.regenerated_at then
      perform private.audit(new.workspace_id, 'bot.token_regenerated', 'bot', new.id::text, new.name);
    end if;
    if old.revoked_at is null and new.revoked_at is not null then
      perform private.audit(new.workspace_id, 'bot.revoked', 'bot', new.id::text, new.name);
    end if;
  end if;
  return null;
end
$$;
create trigger bots_audit after insert or update of regenerated_at, revoked_at on public.bots
  for each row execute function private.audit_bots();

create or replace function private.audit_slash_commands()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'command.created', 'command', new.id::text, new.name,
      jsonb_build_object('url', new.url));
  else
    if new.url is distinct from old.url or new.name is distinct from old.name then
      perform private.audit(new.workspace_id, 'command.changed', 'command', new.id::text, new.name,
        jsonb_build_object('from', old.url, 'to', new.url));
    end if;
    if old.revoked_at is null and new.revoked_at is not null then
      perform private.audit(new.workspace_id, 'command.revoked', 'command', new.id::text, new.name);
    end if;
  end if;
  return null;
end
$$;
create trigger slash_commands_audit after insert or update of name, url, revoked_at
  on public.slash_commands
  for each row execute function private.audit_slash_commands();

create or replace function private.audit_event_subscriptions()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'events.subscribed', 'subscription', new.id::text,
      new.url, jsonb_build_object('events', new.event_types));
  elsif tg_op = 'DELETE' then
    if exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
      perform private.audit(old.workspace_id, 'events.deleted', 'subscription', old.id::text, old.url);
    end if;
  else
    if new.url is distinct from old.url or new.event_types is distinct from old.event_types
      or new.private_channel_ids is distinct from old.private_channel_ids then
      perform private.audit(new.workspace_id, 'events.changed', 'subscription', new.id::text,
        new.url, jsonb_build_object('events', new.event_types));
    end if;
    if old.active and not new.active then
      -- by an admin, or by Chorus after too many failed deliveries (the actor is then the system)
      perform private.audit(new.workspace_id, 'events.paused', 'subscription', new.id::text, new.url,
        jsonb_build_object('reason', new.paused_reason));
    elsif not old.active and new.active then
      perform private.audit(new.workspace_id, 'events.resumed', 'subscription', new.id::text, new.url);
    end if;
    if new.secret_rotated_at is distinct from old.secret_rotated_at then
      perform private.audit(new.workspace_id, 'events.secret_rotated', 'subscription', new.id::text,
        new.url);
    end if;
  end if;
  return null;
end
$$;
create trigger event_subscriptions_audit
  after insert or delete or update of url, event_types, private_channel_ids, active, secret_rotated_at
  on public.event_subscriptions
  for each row execute function private.audit_event_subscriptions();
