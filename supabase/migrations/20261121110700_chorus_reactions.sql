-- Reactions: an emoji (or a :shortcode:) per person per message, at most 50 different ones on a
-- message; members of the channel add and remove their own.

create table public.reactions (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  -- Copied from the message: policies and Realtime filters use it without a join.
  channel_id uuid not null references public.channels (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  emoji text not null,
  created_at timestamptz not null default now(),
  constraint reactions_unique unique (message_id, user_id, emoji)
);

create index reactions_channel on public.reactions (channel_id);

create index reactions_user on public.reactions (user_id);

alter table public.reactions enable row level security;

-- A reaction is one emoji character (sequence) or a :shortcode:.
create function private.clean_emoji(p_emoji text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v text := normalize(btrim(coalesce(p_emoji, '')), nfc);
begin
  if v = '' then
    raise exception using errcode = '22023', message = 'Reaction must not be empty.';
  end if;
  if char_length(v) > 32 or v ~ '[\s\x01-\x1f\x7f-\x9f<>&"''`]'
    or (v ~ '[A-Za-z]' and v !~ '^:[a-z0-9_+-]{1,30}:$') then
    raise exception using errcode = '22023',
      message = 'That reaction is not an emoji.',
      hint = 'Use an emoji, or a shortcode like :tada:.';
  end if;
  return v;
end
$$;

create function private.reactions_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  msg record;
begin
  if uid is not null then
    new.user_id := coalesce(new.user_id, uid);
  end if;
  select m.channel_id, m.deleted_at into msg from public.messages m where m.id = new.message_id;
  if not found or (uid is not null and not private.is_channel_member(msg.channel_id)) then
    raise exception using errcode = '22023', message = 'Message not found.';
  end if;
  if msg.deleted_at is not null then
    raise exception using errcode = '22023', message = 'You cannot react to a deleted message.';
  end if;
  new.channel_id := msg.channel_id;
  new.emoji := private.clean_emoji(new.emoji);
  new.created_at := now();
  if exists (
    select 1 from public.reactions r
    where r.message_id = new.message_id and r.user_id = new.user_id and r.emoji = new.emoji
  ) then
    return null; -- already there: adding it again changes nothing
  end if;
  if not exists (select 1 from public.reactions r where r.message_id = new.message_id and r.emoji = new.emoji)
    and (select count(distinct r.emoji) from public.reactions r where r.message_id = new.message_id) >= 50 then
    raise exception using errcode = '22023', message = 'A message can have at most 50 different reactions.';
  end if;
  return new;
end
$$;

create trigger reactions_before_insert
  before insert on public.reactions
  for each row execute function private.reactions_before_insert();

-- reactions: channel members read, add their own, remove their own.
create policy "reactions: members read" on public.reactions
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));

create policy "reactions: members add own" on public.reactions
  for insert to authenticated
  with check (user_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));

create policy "reactions: remove own" on public.reactions
  for delete to authenticated
  using (user_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));

-- Privileges (see the foundation): anon only reads (no rows, under the policies);
-- authenticated updates only the columns a client may change.
revoke all on public.reactions from anon;
grant select on public.reactions to anon;
revoke truncate, references, trigger, update on public.reactions from authenticated;

-- Adds (p_on = true) or removes the caller's reaction; safe to repeat. Returns whether the
-- reaction is there now.
create function public.set_reaction(p_message_id uuid, p_emoji text, p_on boolean default true)
returns boolean
language plpgsql volatile set search_path = '' as $$
begin
  if coalesce(p_on, true) then
    insert into public.reactions (message_id, user_id, emoji)
    values (p_message_id, (select auth.uid()), p_emoji);
    return true;
  end if;
  delete from public.reactions r
  where r.message_id = p_message_id and r.user_id = (select auth.uid())
    and r.emoji = private.clean_emoji(p_emoji);
  return false;
end
$$;
