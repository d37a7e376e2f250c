-- Pins: a message pinned in its channel, for everyone in it (as Slack's). Any member of the
-- channel pins a message of it; a pin is unpinned by whoever pinned it, the message's author, or
-- an owner or admin of the workspace. Nothing changes in an archived channel. A message deleted
-- loses its pin. At most 100 pins per channel (Slack's limit).
--
-- A pin is readable by exactly those who can read its message (the channel's members) and goes
-- live on the channel's topic, as the message does.

create table public.pins (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null unique references public.messages (id) on delete cascade,
  -- Copied from the message: the policy and the live topic use it without a join.
  channel_id uuid not null references public.channels (id) on delete cascade,
  pinned_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);

create index pins_channel on public.pins (channel_id, created_at desc);

alter table public.pins enable row level security;

create policy "pins: channel members read" on public.pins
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));

-- Written only by pin_message and unpin_message.
revoke all on public.pins from anon, authenticated;
grant select on public.pins to anon, authenticated;

-- The message a pin or unpin acts on: one the caller can read, not deleted, in a channel that
-- is not archived.
create function private.require_pinnable(p_message_id uuid) returns public.messages
language plpgsql stable security definer set search_path = '' as $$
declare
  m public.messages;
begin
  select x.* into m from public.messages x
  where x.id = p_message_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.';
  end if;
  if m.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  end if;
  if exists (select 1 from public.channels c where c.id = m.channel_id and c.archived_at is not null) then
    raise exception using errcode = '42501',
      message = 'This channel is archived; pins can no longer be changed.';
  end if;
  return m;
end
$$;

-- Pins a message in its channel; pinning a pinned message returns its pin unchanged.
create function public.pin_message(p_message_id uuid)
returns public.pins
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages := private.require_pinnable(p_message_id);
  p public.pins;
begin
  select x.* into p from public.pins x where x.message_id = m.id;
  if found then
    return p;
  end if;
  -- The channel row's lock orders concurrent pins, so the limit holds.
  perform 1 from public.channels c where c.id = m.channel_id for no key update;
  if (select count(*) from public.pins x where x.channel_id = m.channel_id) >= 100 then
    raise exception using errcode = '22023', message = 'This channel has 100 pinned messages.',
      hint = 'Unpin one first.';
  end if;
  insert into public.pins (message_id, channel_id, pinned_by) values (m.id, m.channel_id, uid)
  on conflict (message_id) do nothing
  returning * into p;
  if not found then
    select x.* into p from public.pins x where x.message_id = m.id;
  end if;
  return p;
end
$$;

-- Unpins a message; returns whether it was pinned. Whoever pinned it, its author, or an owner
-- or admin of the workspace.
create function public.unpin_message(p_message_id uuid)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages := private.require_pinnable(p_message_id);
  p public.pins;
begin
  select x.* into p from public.pins x where x.message_id = m.id;
  if not found then
    return false;
  end if;
  if p.pinned_by is distinct from uid and m.author_id is distinct from uid
    and not private.is_workspace_admin((select c.workspace_id from public.channels c where c.id = m.channel_id)) then
    raise exception using errcode = '42501',
      message = 'Only who pinned it, its author or a workspace admin can unpin this message.';
  end if;
  delete from public.pins x where x.id = p.id;
  return true;
end
$$;

-- The channel's pins, the latest first, each with its message (for the pinned list).
create function public.channel_pins(p_channel_id uuid)
returns table (
  id uuid,
  message_id uuid,
  channel_id uuid,
  pinned_by uuid,
  created_at timestamptz,
  message jsonb
)
language sql stable security definer set search_path = '' as $$
  select p.id, p.message_id, p.channel_id, p.pinned_by, p.created_at,
    jsonb_build_object('id', m.id, 'author_id', m.author_id, 'body', m.body,
      'created_at', m.created_at, 'edited_at', m.edited_at, 'seq', m.seq,
      'parent_id', m.parent_id, 'in_channel', m.in_channel)
  from public.pins p
  join public.messages m on m.id = p.message_id
  where p.channel_id = p_channel_id and p.channel_id in (select private.member_channel_ids())
  order by p.created_at desc, p.id
$$;

-- A message deleted (its tombstone) is no longer pinned.
create function private.messages_unpin_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.pins p where p.message_id = new.id;
  return null;
end
$$;

create trigger messages_unpin_deleted
  after update of deleted_at on public.messages
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function private.messages_unpin_deleted();

-- Live: a pin added or removed to the channel's topic (its members).
create trigger pins_live after insert or delete on public.pins
  for each row execute function private.live_channel_content();

revoke all on function private.require_pinnable(uuid), private.messages_unpin_deleted()
  from public, anon;
grant execute on function private.require_pinnable(uuid), private.messages_unpin_deleted()
  to authenticated, service_role;
revoke all on function
  public.pin_message(uuid),
  public.unpin_message(uuid),
  public.channel_pins(uuid)
  from public, anon;
grant execute on function
  public.pin_message(uuid),
  public.unpin_message(uuid),
  public.channel_pins(uuid)
  to authenticated, service_role;
