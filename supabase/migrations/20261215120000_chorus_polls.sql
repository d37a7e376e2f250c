-- Polls (issue 71, item 5), as Zulip's /poll and Slack's poll apps: a message that carries a
-- question and 2 to 10 options, single or multiple choice, anonymous or not, with an optional end.
--
-- public.create_poll sends the message through public.send_message (so every rule of posting
-- holds: membership, archived channel, the id's idempotence) with a body that reads as the poll
-- does in text ("📊 Poll: Lunch? — Pizza · Sushi", its marks escaped), which is what emails,
-- pushes, search, the export and any client that knows no polls show; then it adds the poll
-- (public.polls) and its options (public.poll_options). A poll's body cannot be edited
-- (messages_poll_edit, a write gate): the options people voted on stay what they were.
--
-- Votes (public.poll_votes) change only through public.vote_poll, which replaces the caller's
-- votes on a poll with the options given (none: the vote is taken back), for a member of the
-- poll's channel, while the poll is open (not closed by its author through public.close_poll,
-- not past its ends_at). Channel members read polls and options; of the votes, each person
-- reads their own, and everyone's only in a poll that is not anonymous: in an anonymous poll
-- nobody, its author included, can read who voted, through REST or Realtime. The counts (and,
-- when not anonymous, the voters) come from public.poll_results. Each vote and each close
-- touches the poll's row, whose trigger sends the row on the channel's live topic (the poll's
-- id, message, channel and times: never a voter), so every member's screen fetches the results.

create table public.polls (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null unique references public.messages(id) on delete cascade,
  channel_id uuid not null references public.channels(id) on delete cascade,
  author_id uuid references public.profiles(id) on delete set null,
  question text not null,
  multiple boolean not null default false,
  anonymous boolean not null default false,
  ends_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  -- the last vote or close: what the live event says changed
  changed_at timestamptz not null default now(),
  constraint polls_question_length check (char_length(btrim(question)) between 1 and 300)
);
alter table public.polls enable row level security;
create index polls_channel on public.polls (channel_id);

create table public.poll_options (
  id uuid primary key default gen_random_uuid(),
  poll_id uuid not null references public.polls(id) on delete cascade,
  position smallint not null,
  label text not null,
  constraint poll_options_position unique (poll_id, position),
  constraint poll_options_label_length check (char_length(btrim(label)) between 1 and 100)
);
alter table public.poll_options enable row level security;

create table public.poll_votes (
  id uuid primary key default gen_random_uuid(),
  poll_id uuid not null references public.polls(id) on delete cascade,
  option_id uuid not null references public.poll_options(id) on delete cascade,
  channel_id uuid not null references public.channels(id) on delete cascade,
  user_id uuid not null references public.profiles(id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint poll_votes_once unique (option_id, user_id)
);
alter table public.poll_votes enable row level security;
create index poll_votes_poll on public.poll_votes (poll_id, user_id);
create index poll_votes_user on public.poll_votes (user_id);

create policy "polls: channel members read" on public.polls
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));

create policy "poll_options: channel members read" on public.poll_options
  for select to authenticated
  using (poll_id in (
    select p.id from public.polls p where p.channel_id in (select private.member_channel_ids())));

-- One's own votes; everyone's only where the poll is not anonymous.
create policy "poll_votes: own, or everyone's where not anonymous" on public.poll_votes
  for select to authenticated
  using (
    channel_id in (select private.member_channel_ids())
    and (
      user_id = (select auth.uid())
      or poll_id in (select p.id from public.polls p where not p.anonymous)
    )
  );

revoke all on public.polls, public.poll_options, public.poll_votes from anon, authenticated;
grant select on public.polls, public.poll_options, public.poll_votes to authenticated;
grant all on public.polls, public.poll_options, public.poll_votes to service_role;
select private.join_app_gate('public.polls');
select private.join_app_gate('public.poll_options');
select private.join_app_gate('public.poll_votes');

-- A poll's change on its channel's live topic: the row without anything about who voted.
create function private.polls_changed()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  perform private.live_send('live:channel:' || new.channel_id::text, 'polls', tg_op,
    jsonb_build_object('id', new.id, 'message_id', new.message_id, 'channel_id', new.channel_id,
      'ends_at', new.ends_at, 'closed_at', new.closed_at, 'changed_at', new.changed_at));
  return null;
end
$function$;
revoke all on function private.polls_changed() from public;
create trigger polls_live after update on public.polls
  for each row execute function private.polls_changed();

-- The write gate: a poll's message keeps its text (it may still be deleted or removed).
create function private.messages_poll_edit()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if new.deleted_at is null and new.removed_at is null
    and exists (select 1 from public.polls p where p.message_id = new.id) then
    raise exception using errcode = '22023', message = 'A poll cannot be edited.', detail = 'poll_not_editable';
  end if;
  return new;
end
$function$;
revoke all on function private.messages_poll_edit() from public;
create trigger row_3_poll_edit before update of body on public.messages
  for each row when (old.body is distinct from new.body)
  execute function private.messages_poll_edit();

-- A text as a poll's body writes it: markdown's marks escaped, so it reads as typed.
create function private.poll_text(p_text text)
 returns text
 language sql
 immutable
 set search_path to ''
as $function$
  select regexp_replace(p_text, '([\\`*_~\[\]<>|])', '\\\1', 'g')
$function$;
revoke all on function private.poll_text(text) from public;
grant execute on function private.poll_text(text) to authenticated, service_role;

-- Creates a poll as a new message of the caller in the channel: p_id is the message's id (a
-- retried request with the same id and question returns the poll already made).
create function public.create_poll(
  p_id uuid, p_channel_id uuid, p_question text, p_options text[],
  p_multiple boolean default false, p_anonymous boolean default false,
  p_ends_at timestamptz default null
)
 returns public.polls
 language plpgsql
 set search_path to ''
as $function$
declare
  question text := btrim(regexp_replace(coalesce(p_question, ''), '\s+', ' ', 'g'));
  options text[];
  o text;
  body text;
  poll public.polls;
begin
  perform private.require_uid();
  if p_id is null or p_channel_id is null then
    raise exception using errcode = '22023', message = 'A poll needs its id and channel.', detail = 'missing_argument';
  end if;
  select coalesce(array_agg(btrim(regexp_replace(x, '\s+', ' ', 'g')) order by n), '{}')
    into options
  from unnest(coalesce(p_options, '{}')) with ordinality as u(x, n)
  where btrim(coalesce(x, '')) <> '';
  if question = '' then
    raise exception using errcode = '22023', message = 'A poll needs a question.', detail = 'poll_question_missing';
  end if;
  if char_length(question) > 300 then
    raise exception using errcode = '22023', message = 'A poll''s question can be at most 300 characters long.', detail = 'poll_question_too_long';
  end if;
  if cardinality(options) < 2 or cardinality(options) > 10 then
    raise exception using errcode = '22023', message = 'A poll needs 2 to 10 options.', detail = 'poll_options_count';
  end if;
  foreach o in array options loop
    if char_length(o) > 100 then
      raise exception using errcode = '22023', message = 'An option can be at most 100 characters long.', detail = 'poll_option_too_long';
    end if;
  end loop;
  if (select count(distinct lower(x)) from unnest(options) x) <> cardinality(options) then
    raise exception using errcode = '22023', message = 'Each option of a poll must be different.', detail = 'poll_options_duplicate';
  end if;
  if p_ends_at is not null and p_ends_at <= now() then
    raise exception using errcode = '22023', message = 'A poll''s end must be in the future.', detail = 'poll_end_past';
  end if;
  if p_ends_at is not null and p_ends_at > now() + interval '365 days' then
    raise exception using errcode = '22023', message = 'A poll can end at most a year from now.', detail = 'poll_end_too_far';
  end if;

  select * into poll from public.polls p where p.message_id = p_id;
  if found then
    if poll.author_id is distinct from (select auth.uid()) or poll.question <> question then
      raise exception using errcode = '23505',
        message = 'Another message already has this id.', detail = 'message_id_taken', hint = 'Make a new id for a new message.';
    end if;
    return poll;
  end if;

  body := '📊 Poll: ' || private.poll_text(question) || ' — '
    || (select string_agg(private.poll_text(x), ' · ' order by n) from unnest(options) with ordinality as u(x, n));
  -- every rule of posting a message, as the caller
  perform public.send_message(p_id, p_channel_id, body);
  poll := private.add_poll(p_id, question, options, coalesce(p_multiple, false),
    coalesce(p_anonymous, false), p_ends_at);
  return poll;
end
$function$;
revoke all on function public.create_poll(uuid, uuid, text, text[], boolean, boolean, timestamptz) from public;
grant execute on function public.create_poll(uuid, uuid, text, text[], boolean, boolean, timestamptz)
  to authenticated, service_role;

-- The poll of a message the caller has just sent (create_poll's second half).
create function private.add_poll(
  p_message_id uuid, p_question text, p_options text[], p_multiple boolean, p_anonymous boolean,
  p_ends_at timestamptz
)
 returns public.polls
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  m public.messages;
  poll public.polls;
begin
  select * into m from public.messages x
  where x.id = p_message_id and x.author_id = (select auth.uid()) and x.deleted_at is null;
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  insert into public.polls (message_id, channel_id, author_id, question, multiple, anonymous, ends_at)
  values (m.id, m.channel_id, m.author_id, p_question, p_multiple, p_anonymous, p_ends_at)
  returning * into poll;
  insert into public.poll_options (poll_id, position, label)
  select poll.id, n, x from unnest(p_options) with ordinality as u(x, n);
  return poll;
end
$function$;
revoke all on function private.add_poll(uuid, text, text[], boolean, boolean, timestamptz) from public;
grant execute on function private.add_poll(uuid, text, text[], boolean, boolean, timestamptz)
  to authenticated, service_role;

-- The poll of a message in a channel of the caller's, locked; refused when they are not in it.
create function private.require_poll(p_message_id uuid)
 returns public.polls
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  poll public.polls;
begin
  perform private.require_uid();
  select * into poll from public.polls p
  where p.message_id = p_message_id and p.channel_id in (select private.member_channel_ids())
  for update;
  if not found then
    raise exception using errcode = '22023', message = 'Poll not found.', detail = 'poll_not_found';
  end if;
  if exists (select 1 from public.messages x where x.id = p_message_id and x.deleted_at is not null) then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  if exists (select 1 from public.channels c where c.id = poll.channel_id and c.archived_at is not null) then
    raise exception using errcode = '22023', message = 'This channel is archived.', detail = 'channel_archived';
  end if;
  if poll.closed_at is not null or poll.ends_at <= now() then
    raise exception using errcode = '22023', message = 'This poll is closed.', detail = 'poll_closed';
  end if;
  return poll;
end
$function$;
revoke all on function private.require_poll(uuid) from public;
grant execute on function private.require_poll(uuid) to authenticated, service_role;

-- The caller's votes on the poll of a message become p_option_ids (none: no vote).
create function public.vote_poll(p_message_id uuid, p_option_ids uuid[])
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  poll public.polls := private.require_poll(p_message_id);
  me uuid := (select auth.uid());
  chosen uuid[] := array(select distinct x from unnest(coalesce(p_option_ids, '{}')) x where x is not null);
begin
  if exists (select 1 from unnest(chosen) x
             where not exists (select 1 from public.poll_options o where o.id = x and o.poll_id = poll.id)) then
    raise exception using errcode = '22023', message = 'That is not an option of this poll.', detail = 'poll_option_invalid';
  end if;
  if not poll.multiple and cardinality(chosen) > 1 then
    raise exception using errcode = '22023', message = 'This poll takes one choice.', detail = 'poll_single_choice';
  end if;
  delete from public.poll_votes v where v.poll_id = poll.id and v.user_id = me and v.option_id <> all (chosen);
  insert into public.poll_votes (poll_id, option_id, channel_id, user_id)
  select poll.id, x, poll.channel_id, me from unnest(chosen) x
  on conflict (option_id, user_id) do nothing;
  update public.polls p set changed_at = clock_timestamp() where p.id = poll.id;
end
$function$;
revoke all on function public.vote_poll(uuid, uuid[]) from public;
grant execute on function public.vote_poll(uuid, uuid[]) to authenticated, service_role;

-- Closes the poll of a message: its author only. Closing a closed poll changes nothing.
create function public.close_poll(p_message_id uuid)
 returns public.polls
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  poll public.polls;
begin
  perform private.require_uid();
  select * into poll from public.polls p
  where p.message_id = p_message_id and p.channel_id in (select private.member_channel_ids())
  for update;
  if not found then
    raise exception using errcode = '22023', message = 'Poll not found.', detail = 'poll_not_found';
  end if;
  if poll.author_id is distinct from (select auth.uid()) then
    raise exception using errcode = '42501', message = 'Only the poll''s author can close it.', detail = 'poll_author_only';
  end if;
  if poll.closed_at is not null then
    return poll;
  end if;
  update public.polls p set closed_at = least(now(), coalesce(p.ends_at, now())), changed_at = clock_timestamp()
  where p.id = poll.id returning * into poll;
  return poll;
end
$function$;
revoke all on function public.close_poll(uuid) from public;
grant execute on function public.close_poll(uuid) to authenticated, service_role;

-- The polls of messages the caller can read, with each option's count, whether the caller chose
-- it, and who chose it (null in an anonymous poll): one row per poll.
create function public.poll_results(p_message_ids uuid[])
 returns table (message_id uuid, poll jsonb)
 language sql
 stable
 security definer
 set search_path to ''
as $function$
  select p.message_id, jsonb_build_object(
    'id', p.id, 'message_id', p.message_id, 'channel_id', p.channel_id, 'author_id', p.author_id,
    'question', p.question, 'multiple', p.multiple, 'anonymous', p.anonymous,
    'ends_at', p.ends_at,
    'closed_at', coalesce(p.closed_at, case when p.ends_at <= now() then p.ends_at end),
    'voters', (select count(distinct v.user_id) from public.poll_votes v where v.poll_id = p.id),
    'options', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'id', o.id, 'label', o.label,
        'votes', (select count(*) from public.poll_votes v where v.option_id = o.id),
        'mine', exists (select 1 from public.poll_votes v
                        where v.option_id = o.id and v.user_id = (select auth.uid())),
        'voted_by', case when p.anonymous then null else (
          select coalesce(jsonb_agg(v.user_id order by v.created_at), '[]')
          from public.poll_votes v where v.option_id = o.id) end
      ) order by o.position), '[]')
      from public.poll_options o where o.poll_id = p.id
    )
  )
  from public.polls p
  where p.message_id = any (p_message_ids)
    and p.channel_id in (select private.member_channel_ids())
    and cardinality(p_message_ids) <= 200
$function$;
revoke all on function public.poll_results(uuid[]) from public;
grant execute on function public.poll_results(uuid[]) to authenticated, service_role;
