-- Polls in threads (issue 71): create_poll takes the thread it replies in (p_parent_id) and
-- whether the reply goes to the channel too (p_in_channel), as send_message does, so `/poll`
-- and the composer's "Create a poll" work in a thread's reply box. The poll's message is a reply
-- like any other (who may reply, its thread's live topic, emails and pushes as its text); the
-- poll itself keeps its channel, so its results and votes go on that channel's topic as before.

drop function public.create_poll(uuid, uuid, text, text[], boolean, boolean, timestamptz);

create function public.create_poll(
  p_id uuid,
  p_channel_id uuid,
  p_question text,
  p_options text[],
  p_multiple boolean default false,
  p_anonymous boolean default false,
  p_ends_at timestamptz default null,
  p_parent_id uuid default null,
  p_in_channel boolean default false
)
returns public.polls
language plpgsql
set search_path = ''
as $$
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
    if poll.author_id is distinct from (select auth.uid()) or poll.question <> question
      or exists (select 1 from public.messages m
                 where m.id = p_id and m.parent_id is distinct from p_parent_id) then
      raise exception using errcode = '23505',
        message = 'Another message already has this id.', detail = 'message_id_taken', hint = 'Make a new id for a new message.';
    end if;
    return poll;
  end if;

  body := '📊 Poll: ' || private.poll_text(question) || ' — '
    || (select string_agg(private.poll_text(x), ' · ' order by n) from unnest(options) with ordinality as u(x, n));
  -- every rule of posting a message (or a reply, and one also sent to the channel), as the caller
  perform public.send_message(p_id, p_channel_id, body, '[]'::jsonb, p_parent_id,
    coalesce(p_in_channel, false));
  poll := private.add_poll(p_id, question, options, coalesce(p_multiple, false),
    coalesce(p_anonymous, false), p_ends_at);
  return poll;
end
$$;
revoke all on function public.create_poll(uuid, uuid, text, text[], boolean, boolean, timestamptz, uuid, boolean) from public;
grant execute on function public.create_poll(uuid, uuid, text, text[], boolean, boolean, timestamptz, uuid, boolean)
  to authenticated, service_role;
