-- Send later (issue 71, item 2): a message written now and sent at a time of the author's choice.
--
-- public.scheduled_messages holds what is waiting: the message's id (it becomes the sent
-- message's id), its channel (and thread), body and files (uploaded now into the message's
-- folder, <workspace>/<channel>/<id>/, as attachments are), and when to send it. The author reads
-- their own rows; every change goes through the RPCs below, which check the author may post in
-- the channel now. The job chorus-scheduled-messages (every 5 seconds) sends what is due, as its
-- author: it claims each due row (for update skip locked, one transaction per row), calls
-- public.send_message under the author's role and claims, so that the rules of sending at that
-- moment decide (membership, archived channel, the 40,000-character limit, files in the message's
-- folder), and deletes the row. send_message is idempotent on the id, and a row is claimed by one
-- run only: a message goes out exactly once. When the author may no longer post there, the row
-- stays, marked failed_at with failed_code (why), and its change reaches the author's devices on
-- their user topic: the Scheduled list shows it as not sent until they reschedule or cancel it.

create table public.scheduled_messages (
  id uuid primary key,
  user_id uuid not null references public.profiles(id) on delete cascade,
  workspace_id uuid not null references public.workspaces(id) on delete cascade,
  channel_id uuid not null references public.channels(id) on delete cascade,
  parent_id uuid references public.messages(id) on delete cascade,
  in_channel boolean not null default false,
  body text not null default '',
  attachments jsonb not null default '[]',
  send_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  failed_at timestamptz,
  failed_code text,
  constraint scheduled_messages_body_length check (char_length(body) <= 40000),
  constraint scheduled_messages_attachments_array check (jsonb_typeof(attachments) = 'array'),
  constraint scheduled_messages_not_empty
    check (btrim(body) <> '' or jsonb_array_length(attachments) > 0)
);
alter table public.scheduled_messages enable row level security;
create index scheduled_messages_due on public.scheduled_messages (send_at)
  where failed_at is null;
create index scheduled_messages_user on public.scheduled_messages (user_id, workspace_id, send_at);
create index scheduled_messages_channel on public.scheduled_messages (channel_id);
create index scheduled_messages_parent on public.scheduled_messages (parent_id)
  where parent_id is not null;

create policy "scheduled_messages: your own" on public.scheduled_messages
  for select to authenticated
  using (user_id = (select auth.uid()) and workspace_id in (select private.workspace_ids()));
revoke all on public.scheduled_messages from anon, authenticated;
grant select on public.scheduled_messages to authenticated;
grant all on public.scheduled_messages to service_role;
select private.join_app_gate('public.scheduled_messages');

-- Each change on the author's topic, so that their other devices' Scheduled lists follow.
create function private.live_scheduled_messages()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  s public.scheduled_messages;
begin
  if tg_op = 'DELETE' then s := old; else s := new; end if;
  perform private.live_send('live:user:' || s.user_id::text, 'scheduled_messages', tg_op,
    to_jsonb(s));
  return null;
end
$function$;
revoke all on function private.live_scheduled_messages() from public;
create trigger scheduled_messages_live after insert or update or delete
  on public.scheduled_messages for each row execute function private.live_scheduled_messages();

-- What a scheduled message may be, checked when it is scheduled or changed: a time in the future
-- within 120 days (as Slack allows), a body or a file, at most 40,000 characters and 10 files,
-- each file in the message's folder.
create function private.check_scheduled_message(
  p_id uuid, p_workspace_id uuid, p_channel_id uuid, p_body text, p_attachments jsonb,
  p_send_at timestamptz
)
 returns void
 language plpgsql
 stable
 set search_path to ''
as $function$
declare
  a jsonb;
  folder text := p_workspace_id::text || '/' || p_channel_id::text || '/' || p_id::text || '/';
begin
  if p_send_at is null then
    raise exception using errcode = '22023', message = 'Say when to send the message.', detail = 'missing_argument';
  end if;
  if p_send_at <= now() then
    raise exception using errcode = '22023', message = 'The time to send must be in the future.', detail = 'scheduled_time_past';
  end if;
  if p_send_at > now() + interval '120 days' and p_send_at <> 'infinity' then
    raise exception using errcode = '22023', message = 'A message can be scheduled at most 120 days ahead.', detail = 'scheduled_time_too_far';
  end if;
  if p_attachments is null or jsonb_typeof(p_attachments) <> 'array' then
    raise exception using errcode = '22023', message = 'p_attachments must be a JSON array.', detail = 'invalid_argument';
  end if;
  if jsonb_array_length(p_attachments) > 10 then
    raise exception using errcode = '22023', message = 'A message can have at most 10 attachments.', detail = 'too_many_attachments';
  end if;
  if btrim(coalesce(p_body, '')) = '' and jsonb_array_length(p_attachments) = 0 then
    raise exception using errcode = '23514', message = 'A message needs text or a file.', detail = 'message_empty';
  end if;
  if char_length(p_body) > 40000 then
    raise exception using errcode = '22023', message = 'A message can be at most 40000 characters long.', detail = 'message_too_long';
  end if;
  for a in select value from jsonb_array_elements(p_attachments) loop
    if jsonb_typeof(a) <> 'object' or jsonb_typeof(a -> 'path') <> 'string'
      or coalesce(jsonb_typeof(a -> 'width'), 'null') not in ('number', 'null')
      or coalesce(jsonb_typeof(a -> 'height'), 'null') not in ('number', 'null') then
      raise exception using errcode = '22023',
        message = 'Each attachment needs a "path" (text), and optionally "name", "width", "height".',
        detail = 'invalid_argument';
    end if;
    if not starts_with(a ->> 'path', folder) then
      raise exception using errcode = '22023', message = 'An attachment must be a file in its message''s folder.', detail = 'attachment_path_invalid';
    end if;
  end loop;
end
$function$;
revoke all on function private.check_scheduled_message(uuid, uuid, uuid, text, jsonb, timestamptz) from public;
grant execute on function private.check_scheduled_message(uuid, uuid, uuid, text, jsonb, timestamptz)
  to authenticated, service_role;

-- The caller's scheduled message, locked; refused when it is not theirs (or is gone: sent).
create function private.require_scheduled_message(p_id uuid)
 returns public.scheduled_messages
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  s public.scheduled_messages;
begin
  select * into s from public.scheduled_messages x
  where x.id = p_id and x.user_id = (select private.require_uid())
  for update;
  if not found then
    raise exception using errcode = '22023', message = 'This scheduled message was sent or cancelled.', detail = 'scheduled_message_not_found';
  end if;
  return s;
end
$function$;
revoke all on function private.require_scheduled_message(uuid) from public;
grant execute on function private.require_scheduled_message(uuid) to authenticated, service_role;

-- Schedules a message: p_id is the message's id to be (the files' folder holds it). Scheduling
-- the same id again returns the row as it is (a retried request).
create function public.schedule_message(
  p_id uuid, p_channel_id uuid, p_body text, p_send_at timestamptz,
  p_attachments jsonb default '[]', p_parent_id uuid default null, p_in_channel boolean default false
)
 returns public.scheduled_messages
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  uid uuid := private.require_uid();
  ch public.channels;
  s public.scheduled_messages;
  files jsonb := coalesce(p_attachments, '[]'::jsonb);
begin
  if p_id is null or p_channel_id is null then
    raise exception using errcode = '22023', message = 'A message needs its id and channel.', detail = 'missing_argument';
  end if;
  select * into s from public.scheduled_messages x where x.id = p_id;
  if found then
    if s.user_id <> uid or s.channel_id <> p_channel_id then
      raise exception using errcode = '23505', message = 'Another message already has this id.', detail = 'message_id_taken', hint = 'Make a new id for a new message.';
    end if;
    return s;
  end if;
  if exists (select 1 from public.messages m where m.id = p_id) then
    raise exception using errcode = '23505', message = 'Another message already has this id.', detail = 'message_id_taken', hint = 'Make a new id for a new message.';
  end if;
  ch := private.require_visible_channel(p_channel_id);
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived.', detail = 'channel_archived';
  end if;
  if p_channel_id not in (select private.postable_channel_ids()) then
    raise exception using errcode = '42501', message = 'Only members of this channel can post in it.', detail = 'not_channel_member';
  end if;
  if p_parent_id is not null and not exists (
    select 1 from public.messages m
    where m.id = p_parent_id and m.channel_id = p_channel_id and m.parent_id is null
      and m.deleted_at is null
  ) then
    raise exception using errcode = '22023', message = 'The message you reply to is not in this channel.', detail = 'reply_parent_not_in_channel';
  end if;
  perform private.check_scheduled_message(p_id, ch.workspace_id, p_channel_id, p_body, files,
    p_send_at);
  if (select count(*) from public.scheduled_messages x where x.user_id = uid) >= 500 then
    raise exception using errcode = '22023', message = 'You can have at most 500 scheduled messages.', detail = 'too_many_scheduled_messages';
  end if;
  insert into public.scheduled_messages (id, user_id, workspace_id, channel_id, parent_id,
    in_channel, body, attachments, send_at)
  values (p_id, uid, ch.workspace_id, p_channel_id, p_parent_id,
    p_parent_id is not null and coalesce(p_in_channel, false), coalesce(p_body, ''), files,
    p_send_at)
  returning * into s;
  return s;
end
$function$;
revoke all on function public.schedule_message(uuid, uuid, text, timestamptz, jsonb, uuid, boolean) from public;
grant execute on function public.schedule_message(uuid, uuid, text, timestamptz, jsonb, uuid, boolean)
  to authenticated, service_role;

-- Edits a scheduled message: its text, its time, its files (null leaves each as it is). A message
-- that was not sent goes back in line once it is given a time again.
create function public.update_scheduled_message(
  p_id uuid, p_body text default null, p_send_at timestamptz default null,
  p_attachments jsonb default null
)
 returns public.scheduled_messages
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  s public.scheduled_messages := private.require_scheduled_message(p_id);
  v_body text := coalesce(p_body, s.body);
  v_files jsonb := coalesce(p_attachments, s.attachments);
  -- Its time is checked when it is given a new one; a message that was not sent stays so (and
  -- its channel unchecked) until it is.
  v_waiting boolean := p_send_at is not null or s.failed_at is null;
begin
  if v_waiting and s.channel_id not in (select private.postable_channel_ids()) then
    raise exception using errcode = '42501', message = 'Only members of this channel can post in it.', detail = 'not_channel_member';
  end if;
  perform private.check_scheduled_message(s.id, s.workspace_id, s.channel_id, v_body, v_files,
    coalesce(p_send_at, 'infinity'));
  update public.scheduled_messages x
  set body = v_body, send_at = coalesce(p_send_at, x.send_at), attachments = v_files,
    updated_at = now(),
    failed_at = case when p_send_at is null then x.failed_at end,
    failed_code = case when p_send_at is null then x.failed_code end
  where x.id = s.id
  returning * into s;
  return s;
end
$function$;
revoke all on function public.update_scheduled_message(uuid, text, timestamptz, jsonb) from public;
grant execute on function public.update_scheduled_message(uuid, text, timestamptz, jsonb)
  to authenticated, service_role;

-- Cancels a scheduled message; returns it (its files are the caller's to remove from Storage).
create function public.cancel_scheduled_message(p_id uuid)
 returns public.scheduled_messages
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  s public.scheduled_messages := private.require_scheduled_message(p_id);
begin
  delete from public.scheduled_messages x where x.id = s.id;
  return s;
end
$function$;
revoke all on function public.cancel_scheduled_message(uuid) from public;
grant execute on function public.cancel_scheduled_message(uuid) to authenticated, service_role;

-- Forgets a row once its message is sent (send now and the job).
create function private.forget_scheduled_message(p_id uuid)
 returns void
 language sql
 security definer
 set search_path to ''
as $function$
  delete from public.scheduled_messages x where x.id = p_id
$function$;
revoke all on function private.forget_scheduled_message(uuid) from public;
grant execute on function private.forget_scheduled_message(uuid) to authenticated, service_role;

-- Sends a scheduled message now, as the caller (its author), through send_message: the rules of
-- sending decide. Returns the message; sending one the job has just sent returns that message.
create function public.send_scheduled_message_now(p_id uuid)
 returns public.messages
 language plpgsql
 set search_path to ''
as $function$
declare
  s public.scheduled_messages;
  m public.messages;
begin
  if not exists (select 1 from public.scheduled_messages x where x.id = p_id) then
    select * into m from public.messages x
    where x.id = p_id and x.author_id = (select auth.uid());
    if found then
      return m;
    end if;
  end if;
  s := private.require_scheduled_message(p_id);
  m := public.send_message(s.id, s.channel_id, s.body, s.attachments, s.parent_id, s.in_channel);
  perform private.forget_scheduled_message(s.id);
  return m;
end
$function$;
revoke all on function public.send_scheduled_message_now(uuid) from public;
grant execute on function public.send_scheduled_message_now(uuid) to authenticated, service_role;

-- Sends one scheduled message as its author: the author's role and claims for the call only, as
-- the API sets them for the author's request, then the job's own again (a refusal's rollback
-- restores them too). Not SECURITY DEFINER: a definer may not change its role. The job's only.
create function private.send_scheduled_as_author(s public.scheduled_messages)
 returns void
 language plpgsql
 set search_path to ''
as $function$
declare
  v_role text := current_setting('role');
  v_claims text := coalesce(current_setting('request.jwt.claims', true), '');
begin
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', s.user_id, 'role', 'authenticated', 'aal', 'aal2', 'scheduled_message_id', s.id
  )::text, true);
  perform set_config('role', 'authenticated', true);
  perform public.send_message(s.id, s.channel_id, s.body, s.attachments, s.parent_id,
    s.in_channel);
  perform set_config('role', v_role, true);
  perform set_config('request.jwt.claims', v_claims, true);
end
$function$;
revoke all on function private.send_scheduled_as_author(public.scheduled_messages) from public;

-- Why a scheduled message could not be sent: the Chorus code of what refused it, named for the
-- author (no longer a member, the channel archived), else the refusal's own code.
create function private.scheduled_failure_code(s public.scheduled_messages, p_detail text)
 returns text
 language plpgsql
 stable
 set search_path to ''
as $function$
begin
  if exists (select 1 from public.channels c where c.id = s.channel_id and c.archived_at is not null) then
    return 'channel_archived';
  end if;
  if not exists (
    select 1 from public.channel_members cm
    where cm.channel_id = s.channel_id and cm.user_id = s.user_id
  ) or not exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = s.workspace_id and wm.user_id = s.user_id
  ) then
    return 'not_channel_member';
  end if;
  if p_detail ~ '^[a-z][a-z0-9_]{2,60}$' then
    return p_detail;
  end if;
  return 'cannot_post_here';
end
$function$;
revoke all on function private.scheduled_failure_code(public.scheduled_messages, text) from public;

-- The job: sends every due message, oldest first, at most p_limit of them, each in a
-- transaction of its own. A row another run holds is skipped (that run sends it); a refused one
-- is marked failed and stays for its author to see.
create procedure private.run_scheduled_messages(p_limit integer default 500)
 language plpgsql
as $procedure$
declare
  s public.scheduled_messages;
  v_sent integer := 0;
  v_detail text;
begin
  loop
    exit when v_sent >= p_limit;
    select * into s from public.scheduled_messages x
    where x.failed_at is null and x.send_at <= now()
    order by x.send_at, x.id
    limit 1
    for update skip locked;
    exit when not found;
    v_sent := v_sent + 1;
    begin
      perform private.send_scheduled_as_author(s);
      delete from public.scheduled_messages x where x.id = s.id;
    exception when others then
      get stacked diagnostics v_detail = pg_exception_detail;
      update public.scheduled_messages x
      set failed_at = now(), failed_code = private.scheduled_failure_code(s, v_detail)
      where x.id = s.id;
    end;
    commit;
  end loop;
end
$procedure$;
revoke all on procedure private.run_scheduled_messages(integer) from public;

select cron.schedule('chorus-scheduled-messages', '5 seconds',
  'call private.run_scheduled_messages()');
