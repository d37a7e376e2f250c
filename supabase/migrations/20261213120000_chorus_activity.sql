-- Catching up (issue 68): the Activity view and All unreads.
--
-- Activity is what happened to me in a workspace: mentions of me (by name, @here, @channel,
-- @everyone or a group of mine: messages.mentions holds everyone a message reached), reactions
-- to my messages, replies in threads I follow, and being added to a channel by someone else.
-- It is read, never stored: public.activity() gathers it from the rows it comes from, only in
-- channels I am a member of. What I have read of it: a message's item is read once my read
-- position in its channel (or thread) passes it; any item is read once I open it
-- (activity_marks.read_items) or mark everything read (activity_marks.read_up_to).
-- All unreads is my unread messages grouped by channel: public.unread_messages().

-- Who added a member to a channel (null: nobody known, as for rows from before this).
alter table public.channel_members
  add column added_by uuid references public.profiles(id) on delete set null;

create or replace function private.channel_members_before_insert()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  ch record;
begin
  select c.workspace_id, c.last_seq, c.archived_at into ch
  from public.channels c where c.id = new.channel_id;
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.', detail = 'channel_not_found';
  end if;
  if ch.archived_at is not null and (select auth.uid()) is not null
    and coalesce(current_setting('chorus.claiming', true), '') = ''
    and new.channel_id in (select private.visible_channel_ids()) then
    raise exception using errcode = '22023', message = 'This channel is archived; nobody can join it.', detail = 'channel_archived';
  end if;
  new.workspace_id := ch.workspace_id;
  -- What was said before joining is history, not unread.
  new.last_read_seq := ch.last_seq;
  new.joined_at := now();
  -- Who did it is the caller, whatever the row says (a join is the member's own).
  new.added_by := (select auth.uid());
  return new;
end
$function$;

-- A mention of me is found by the index, not by reading every message of my channels.
create index messages_mentions on public.messages using gin (mentions) where deleted_at is null;

create table public.activity_marks (
  id uuid default gen_random_uuid() not null unique,
  user_id uuid not null references public.profiles(id) on delete cascade,
  workspace_id uuid not null references public.workspaces(id) on delete cascade,
  read_up_to timestamptz default '-infinity' not null,
  read_items text[] default '{}' not null,
  primary key (user_id, workspace_id)
);
alter table public.activity_marks enable row level security;
create policy "activity_marks: your own" on public.activity_marks
  for select to authenticated
  using (user_id = (select auth.uid()) and workspace_id in (select private.workspace_ids()));
create policy "activity_marks: a revoked app reads nothing" on public.activity_marks
  as restrictive for select to authenticated
  using ((select private.oauth_session_live()));
revoke all on public.activity_marks from anon, authenticated;
grant select on public.activity_marks to authenticated;
grant all on public.activity_marks to service_role;

-- What happened to me in a workspace, newest first: p_limit items older than p_before.
create or replace function public.activity(
  p_workspace_id uuid, p_limit integer default 50, p_before timestamptz default null
)
 returns table(
   item_id text, kind text, at timestamptz, actor_id uuid, channel_id uuid, channel_name text,
   channel_kind public.channel_kind, message_id uuid, thread_id uuid, body text, emoji text,
   mention text, seq bigint, thread_seq bigint, unread boolean
 )
 language sql
 stable security definer
 set search_path to ''
as $function$
  with me as (
    select (select auth.uid()) as uid, least(greatest(coalesce(p_limit, 50), 1), 200) as n,
      coalesce(p_before, 'infinity'::timestamptz) as before
  ),
  marks as (
    select coalesce(max(r.read_up_to), '-infinity'::timestamptz) as up_to,
      coalesce(max(r.read_items), '{}') as items
    from public.activity_marks r, me
    where r.user_id = me.uid and r.workspace_id = p_workspace_id
  ),
  mine as (
    select cm.channel_id, cm.last_read_seq, cm.added_by, cm.joined_at, cm.id as membership_id,
      c.name, c.kind
    from me
    join public.channel_members cm on cm.user_id = me.uid
    join public.channels c on c.id = cm.channel_id
    where cm.workspace_id = p_workspace_id and p_workspace_id in (select private.workspace_ids())
  ),
  items as (
    (select 'm:' || m.id as item_id, 'mention' as kind, m.created_at as at, m.author_id as actor_id,
      m.channel_id, m.id as message_id, m.parent_id as thread_id, m.body, null::text as emoji,
      case
        when strpos(m.body, '<@' || me.uid::text || '>') > 0 then 'you'
        when m.body ~ '<!here>' then 'here'
        when m.body ~ '<!(channel|everyone)>' then 'channel'
        else 'group'
      end as mention,
      case when m.in_channel then m.seq end as seq, m.thread_seq,
      case when m.in_channel then m.seq > mine.last_read_seq
        else m.thread_seq > coalesce(tm.last_read_seq, 0) end as unseen
    from me
    join public.messages m on m.mentions @> array[me.uid] and m.deleted_at is null
    join mine on mine.channel_id = m.channel_id
    left join public.thread_members tm on tm.thread_id = m.parent_id and tm.user_id = me.uid
    where m.removed_at is null and m.author_id is distinct from me.uid and m.created_at < me.before
    order by m.created_at desc limit (select n from me))
    union all
    (select 'm:' || m.id, 'reply', m.created_at, m.author_id, m.channel_id, m.id, m.parent_id,
      m.body, null, null, case when m.in_channel then m.seq end, m.thread_seq,
      m.thread_seq > tm.last_read_seq
    from me
    join public.thread_members tm on tm.user_id = me.uid and tm.following
    join mine on mine.channel_id = tm.channel_id
    join public.messages m on m.parent_id = tm.thread_id
    where m.deleted_at is null and m.removed_at is null and m.author_id is distinct from me.uid
      and not m.mentions @> array[me.uid] and m.created_at < me.before
    order by m.created_at desc limit (select n from me))
    union all
    (select 'r:' || r.id, 'reaction', r.created_at, r.user_id, m.channel_id, m.id, m.parent_id,
      m.body, r.emoji, null, null::bigint, null::bigint, true
    from me
    join public.messages m on m.author_id = me.uid and m.deleted_at is null
    join mine on mine.channel_id = m.channel_id
    join public.reactions r on r.message_id = m.id and r.user_id <> me.uid
    where m.removed_at is null and r.created_at < me.before
    order by r.created_at desc limit (select n from me))
    union all
    (select 'c:' || mine.membership_id, 'channel_invite', mine.joined_at, mine.added_by,
      mine.channel_id, null, null, null, null, null, null, null, true
    from me join mine on mine.added_by is not null and mine.added_by <> me.uid
    where mine.joined_at < me.before
    order by mine.joined_at desc limit (select n from me))
  )
  select i.item_id, i.kind, i.at, i.actor_id, i.channel_id, mine.name, mine.kind, i.message_id,
    i.thread_id, i.body, i.emoji, i.mention, i.seq, i.thread_seq,
    i.unseen and i.at > marks.up_to and not (i.item_id = any (marks.items))
  from items i
  join mine on mine.channel_id = i.channel_id
  cross join marks
  order by i.at desc, i.item_id
  limit (select n from me)
$function$;
revoke all on function public.activity(uuid, integer, timestamptz) from public, anon;
grant execute on function public.activity(uuid, integer, timestamptz) to authenticated, service_role;

-- Marks items of my Activity read (their ids, as activity() names them), or all of it (null).
create or replace function public.mark_activity_seen(p_workspace_id uuid, p_item_ids text[] default null)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  uid uuid := private.require_uid();
begin
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.',
      detail = 'not_workspace_member';
  end if;
  if p_item_ids is null then
    insert into public.activity_marks (user_id, workspace_id, read_up_to, read_items)
    values (uid, p_workspace_id, now(), '{}')
    on conflict (user_id, workspace_id) do update set read_up_to = now(), read_items = '{}';
  else
    if cardinality(p_item_ids) > 200 or exists (
      select 1 from unnest(p_item_ids) i where i is null or i !~ '^[mrc]:[0-9a-f-]{36}$'
    ) then
      raise exception using errcode = '22023', message = 'Those are not items of Activity.',
        detail = 'invalid_argument', hint = 'Pass at most 200 ids as activity() names them.';
    end if;
    insert into public.activity_marks (user_id, workspace_id, read_items)
    values (uid, p_workspace_id, p_item_ids[1:200])
    on conflict (user_id, workspace_id) do update set read_items = (
      -- the newest 500 ids kept: older items are long past read_up_to or forgotten
      select coalesce(array_agg(x.i order by x.o), '{}') from (
        select n.i, n.o from unnest(
          array(select o from unnest(public.activity_marks.read_items) o
            where not o = any (excluded.read_items)) || excluded.read_items
        ) with ordinality as n(i, o)
        order by n.o desc limit 500
      ) x
    );
  end if;
end
$function$;
revoke all on function public.mark_activity_seen(uuid, text[]) from public, anon;
grant execute on function public.mark_activity_seen(uuid, text[]) to authenticated, service_role;

-- My unread messages of a workspace by channel, the channel with the newest first: the newest
-- p_per_channel messages after my read position of each channel I have not muted.
create or replace function public.unread_messages(p_workspace_id uuid, p_per_channel integer default 20)
 returns table(
   channel_id uuid, channel_name text, channel_kind public.channel_kind, last_read_seq bigint,
   last_seq bigint, unread_count bigint, messages jsonb
 )
 language sql
 stable security definer
 set search_path to ''
as $function$
  select c.id, c.name, c.kind, cm.last_read_seq, c.last_seq, c.last_seq - cm.last_read_seq,
    (
      select coalesce(jsonb_agg(jsonb_build_object(
        'id', x.id, 'seq', x.seq, 'author_id', x.author_id, 'body', x.body,
        'created_at', x.created_at, 'edited_at', x.edited_at
      ) order by x.seq), '[]'::jsonb)
      from (
        select m.id, m.seq, m.author_id, m.body, m.created_at, m.edited_at
        from public.messages m
        where m.channel_id = c.id and m.in_channel and m.seq > cm.last_read_seq
          and m.deleted_at is null and m.removed_at is null
        order by m.seq desc
        limit least(greatest(coalesce(p_per_channel, 20), 1), 100)
      ) x
    )
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and cm.workspace_id = p_workspace_id
    and p_workspace_id in (select private.workspace_ids())
    and c.last_seq > cm.last_read_seq and not cm.muted
  order by c.last_message_at desc nulls last, c.id
$function$;
revoke all on function public.unread_messages(uuid, integer) from public, anon;
grant execute on function public.unread_messages(uuid, integer) to authenticated, service_role;

-- Activity's live signals on my own topic: my reads moved (here or on another device), and a
-- reaction to a message of mine (mentions, replies and being added come there or on the
-- workspace's topic already).
create or replace function private.live_activity_marks()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  perform private.live_send('live:user:' || new.user_id::text, 'activity_marks', tg_op,
    jsonb_build_object('workspace_id', new.workspace_id, 'read_up_to', new.read_up_to));
  return null;
end
$function$;
revoke all on function private.live_activity_marks() from public;
create trigger activity_marks_live after insert or update on public.activity_marks
  for each row execute function private.live_activity_marks();

create or replace function private.live_reaction_to_author()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  perform private.live_send('live:user:' || m.author_id::text, 'activity', 'INSERT',
    jsonb_build_object('kind', 'reaction', 'workspace_id', cm.workspace_id,
      'channel_id', m.channel_id, 'message_id', m.id))
  from public.messages m
  join public.channel_members cm on cm.channel_id = m.channel_id and cm.user_id = m.author_id
  where m.id = new.message_id and m.author_id <> new.user_id;
  return null;
end
$function$;
revoke all on function private.live_reaction_to_author() from public;
create trigger reactions_live_author after insert on public.reactions
  for each row execute function private.live_reaction_to_author();
