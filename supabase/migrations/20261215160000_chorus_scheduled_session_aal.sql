-- Send later sends as its author with the assurance level of the session that scheduled (or last
-- edited) the message, not a two-factor level it never reached: a workspace that requires
-- two-factor sign-in after the message was scheduled refuses it (failed_code insufficient_aal),
-- as it would refuse the author. private.forget_scheduled_message forgets only the caller's own.

alter table public.scheduled_messages
  add column session_aal text not null default 'aal1',
  add constraint scheduled_messages_session_aal check (session_aal in ('aal1', 'aal2'));

-- The author's own request (schedule, edit, reschedule) records its session's level; the job's
-- writes (marking a failure) keep it.
create or replace function private.scheduled_message_level()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if auth.uid() is not distinct from new.user_id then
    new.session_aal := case when private.session_aal2() then 'aal2' else 'aal1' end;
  elsif tg_op = 'UPDATE' then
    new.session_aal := old.session_aal;
  end if;
  return new;
end
$$;

create trigger scheduled_messages_level
before insert or update on public.scheduled_messages
for each row execute function private.scheduled_message_level();

create or replace function private.send_scheduled_as_author(s public.scheduled_messages)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_role text := current_setting('role');
  v_claims text := coalesce(current_setting('request.jwt.claims', true), '');
begin
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', s.user_id, 'role', 'authenticated', 'aal', s.session_aal, 'scheduled_message_id', s.id
  )::text, true);
  perform set_config('role', 'authenticated', true);
  perform public.send_message(s.id, s.channel_id, s.body, s.attachments, s.parent_id,
    s.in_channel);
  perform set_config('role', v_role, true);
  perform set_config('request.jwt.claims', v_claims, true);
end
$$;

create or replace function private.scheduled_failure_code(s public.scheduled_messages, p_detail text)
returns text
language plpgsql
stable
set search_path = ''
as $$
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
  if s.session_aal <> 'aal2' and (
    exists (select 1 from public.workspaces w where w.id = s.workspace_id and w.require_mfa)
    or exists (select 1 from auth.mfa_factors f where f.user_id = s.user_id and f.status = 'verified')
  ) then
    return 'insufficient_aal';
  end if;
  if p_detail ~ '^[a-z][a-z0-9_]{2,60}$' then
    return p_detail;
  end if;
  return 'cannot_post_here';
end
$$;

create or replace function private.forget_scheduled_message(p_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.scheduled_messages x
  where x.id = p_id and x.user_id = (select auth.uid())
$$;
