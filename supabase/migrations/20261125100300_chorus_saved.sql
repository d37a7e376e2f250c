-- Saved for later: a person's own list of messages to come back to, each optionally with a
-- reminder time, in progress or done. Private to its owner, and only while they can read the
-- message (the policy asks both). A reminder that is due shows in the Later view (the
-- notifications work will deliver it later). A message deleted leaves everyone's lists.

create table public.saved_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  message_id uuid not null references public.messages (id) on delete cascade,
  -- Copied from the message: the policy uses it without a join.
  channel_id uuid not null references public.channels (id) on delete cascade,
  remind_at timestamptz,
  done_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, message_id)
);

create index saved_items_user on public.saved_items (user_id, done_at, remind_at);
create index saved_items_message on public.saved_items (message_id);

alter table public.saved_items enable row level security;

create policy "saved_items: your own, of messages you can read" on public.saved_items
  for select to authenticated
  using (user_id = (select auth.uid()) and channel_id in (select private.member_channel_ids()));

-- Written only by the functions below.
revoke all on public.saved_items from anon, authenticated;
grant select on public.saved_items to anon, authenticated;

-- The message the caller saves: one they can read, not deleted.
create function private.require_readable_message(p_message_id uuid) returns public.messages
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
  return m;
end
$$;

-- Saves a message (or, saved already, sets its reminder and puts it back in progress). A
-- reminder must be in the future (a minute of clock skew allowed) and within a year.
create function public.save_message(p_message_id uuid, p_remind_at timestamptz default null)
returns public.saved_items
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages := private.require_readable_message(p_message_id);
  s public.saved_items;
begin
  if p_remind_at is not null and p_remind_at < now() - interval '1 minute' then
    raise exception using errcode = '22023', message = 'The reminder must be in the future.';
  end if;
  if p_remind_at > now() + interval '1 year' then
    raise exception using errcode = '22023', message = 'The reminder must be within a year.';
  end if;
  insert into public.saved_items as si (user_id, message_id, channel_id, remind_at)
  values (uid, m.id, m.channel_id, p_remind_at)
  on conflict (user_id, message_id) do update
    set remind_at = excluded.remind_at, done_at = null, updated_at = now()
  returning * into s;
  return s;
end
$$;

-- Marks a saved message done (p_done true) or in progress again; returns the item.
create function public.set_saved_done(p_message_id uuid, p_done boolean default true)
returns public.saved_items
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  s public.saved_items;
begin
  update public.saved_items si
  set done_at = case when coalesce(p_done, true) then coalesce(si.done_at, now()) end,
    updated_at = now()
  where si.user_id = uid and si.message_id = p_message_id
    and si.channel_id in (select private.member_channel_ids())
  returning * into s;
  if not found then
    raise exception using errcode = '22023', message = 'This message is not saved.';
  end if;
  return s;
end
$$;

-- Removes a message from your saved list; returns whether it was there.
create function public.unsave_message(p_message_id uuid)
returns boolean
language sql volatile security definer set search_path = '' as $$
  with gone as (
    delete from public.saved_items si
    where si.user_id = private.require_uid() and si.message_id = p_message_id
    returning 1
  )
  select exists (select 1 from gone)
$$;

-- The Later view: your saved messages in a workspace's channels you can read, in progress
-- (p_done false: due reminders first, then by reminder, then the newest saved) or done (the
-- latest done first), each with its message and channel.
create function public.later_items(p_workspace_id uuid, p_done boolean default false)
returns table (
  id uuid,
  message_id uuid,
  channel_id uuid,
  channel_name text,
  channel_kind public.channel_kind,
  remind_at timestamptz,
  due boolean,
  done_at timestamptz,
  created_at timestamptz,
  message jsonb
)
language sql stable security definer set search_path = '' as $$
  select si.id, si.message_id, si.channel_id, c.name, c.kind, si.remind_at,
    si.remind_at is not null and si.remind_at <= now(), si.done_at, si.created_at,
    jsonb_build_object('id', m.id, 'author_id', m.author_id, 'body', m.body,
      'created_at', m.created_at, 'parent_id', m.parent_id)
  from public.saved_items si
  join public.channels c on c.id = si.channel_id
  join public.messages m on m.id = si.message_id
  where si.user_id = (select auth.uid()) and c.workspace_id = p_workspace_id
    and si.channel_id in (select private.member_channel_ids())
    and (si.done_at is not null) = coalesce(p_done, false)
  order by
    case when coalesce(p_done, false) then si.done_at end desc,
    (si.remind_at is not null and si.remind_at <= now()) desc,
    si.remind_at asc nulls last,
    si.created_at desc, si.id
  limit 500
$$;

-- A deleted message leaves every saved list.
create function private.messages_unsave_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.saved_items si where si.message_id = new.id;
  return null;
end
$$;

create trigger messages_unsave_deleted
  after update of deleted_at on public.messages
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function private.messages_unsave_deleted();

-- Live: your saved list changes on your own topic (your other devices).
create function private.live_saved_items() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  s public.saved_items;
begin
  if tg_op = 'DELETE' then s := old; else s := new; end if;
  perform private.live_send('live:user:' || s.user_id::text, 'saved_items', tg_op, to_jsonb(s));
  return null;
end
$$;

create trigger saved_items_live after insert or update or delete on public.saved_items
  for each row execute function private.live_saved_items();

revoke all on function private.require_readable_message(uuid), private.messages_unsave_deleted(),
  private.live_saved_items()
  from public, anon;
grant execute on function private.require_readable_message(uuid), private.messages_unsave_deleted()
  to authenticated, service_role;
revoke all on function private.live_saved_items() from authenticated, service_role;
revoke all on function
  public.save_message(uuid, timestamptz),
  public.set_saved_done(uuid, boolean),
  public.unsave_message(uuid),
  public.later_items(uuid, boolean)
  from public, anon;
grant execute on function
  public.save_message(uuid, timestamptz),
  public.set_saved_done(uuid, boolean),
  public.unsave_message(uuid),
  public.later_items(uuid, boolean)
  to authenticated, service_role;
