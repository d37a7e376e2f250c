-- Drafts on every device (issue 71, item 4): what I am writing in a channel's or a thread's box,
-- kept on my account so that my other devices show it in the same box, and listed in Drafts.
--
-- public.drafts holds one row per person and place (a channel, or a thread: its parent), with
-- the text and when it was last edited (edited_at: the writing device's time of the last
-- keystroke, never later than the server's now). Devices save through public.save_draft a moment
-- after typing pauses; the rule for two devices is "last edited wins": a save whose edit is
-- older than the one kept changes nothing and returns the kept one, so a device coming back
-- online with an old edit does not overwrite a newer one. A box emptied (sent, cleared, deleted
-- from Drafts) is saved as an empty body, kept as a marker of when it was emptied so that an
-- older edit cannot bring the draft back; the markers go after 30 days. Only I read my rows, and
-- only those of channels I am still a member of (a draft in a channel I left is not shown); every
-- write goes through save_draft. Each change reaches my devices on my user topic.

create table public.drafts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles(id) on delete cascade,
  workspace_id uuid not null references public.workspaces(id) on delete cascade,
  channel_id uuid not null references public.channels(id) on delete cascade,
  parent_id uuid references public.messages(id) on delete cascade,
  body text not null default '',
  edited_at timestamptz not null,
  updated_at timestamptz not null default now(),
  constraint drafts_body_length check (char_length(body) <= 40000),
  constraint drafts_place unique nulls not distinct (user_id, channel_id, parent_id)
);
alter table public.drafts enable row level security;
create index drafts_user on public.drafts (user_id, workspace_id, edited_at desc);
create index drafts_channel on public.drafts (channel_id);
create index drafts_parent on public.drafts (parent_id) where parent_id is not null;

create policy "drafts: your own, in your channels" on public.drafts
  for select to authenticated
  using (user_id = (select auth.uid()) and channel_id in (select private.member_channel_ids()));
revoke all on public.drafts from anon, authenticated;
grant select on public.drafts to authenticated;
grant all on public.drafts to service_role;
select private.join_app_gate('public.drafts');

-- Each change on its owner's topic, so that their other devices' boxes and Drafts follow.
create function private.live_drafts()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  d public.drafts;
begin
  if tg_op = 'DELETE' then d := old; else d := new; end if;
  perform private.live_send('live:user:' || d.user_id::text, 'drafts', tg_op, to_jsonb(d));
  return null;
end
$function$;
revoke all on function private.live_drafts() from public;
create trigger drafts_live after insert or update or delete
  on public.drafts for each row execute function private.live_drafts();

-- Saves my draft of a channel (p_parent_id null) or of a thread: an empty body empties it. The
-- edit kept is the one edited last (p_edited_at, at most now; now when not given); the row kept
-- is returned either way, so the device learns of a newer edit made elsewhere.
create function public.save_draft(
  p_channel_id uuid, p_body text, p_edited_at timestamptz default null,
  p_parent_id uuid default null
)
 returns public.drafts
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  uid uuid := private.require_uid();
  v_at timestamptz := least(coalesce(p_edited_at, now()), now());
  v_body text := coalesce(p_body, '');
  v_workspace uuid;
  d public.drafts;
begin
  if p_channel_id is null then
    raise exception using errcode = '22023', message = 'A draft needs its channel.', detail = 'missing_argument';
  end if;
  if p_channel_id not in (select private.member_channel_ids()) then
    raise exception using errcode = '42501', message = 'Only members of this channel can post in it.', detail = 'not_channel_member';
  end if;
  if char_length(v_body) > 40000 then
    raise exception using errcode = '22023', message = 'A message can be at most 40000 characters long.', detail = 'message_too_long';
  end if;
  if p_parent_id is not null and not exists (
    select 1 from public.messages m
    where m.id = p_parent_id and m.channel_id = p_channel_id and m.parent_id is null
  ) then
    raise exception using errcode = '22023', message = 'The message you reply to is not in this channel.', detail = 'reply_parent_not_in_channel';
  end if;
  select c.workspace_id into v_workspace from public.channels c where c.id = p_channel_id;
  insert into public.drafts as x (user_id, workspace_id, channel_id, parent_id, body, edited_at)
  values (uid, v_workspace, p_channel_id, p_parent_id, v_body, v_at)
  on conflict on constraint drafts_place do update
  set body = excluded.body, edited_at = excluded.edited_at, updated_at = now()
  where excluded.edited_at > x.edited_at
    or (excluded.edited_at = x.edited_at and excluded.body <> x.body)
  returning * into d;
  if d.id is null then
    select * into d from public.drafts x
    where x.user_id = uid and x.channel_id = p_channel_id
      and x.parent_id is not distinct from p_parent_id;
  end if;
  -- The markers of emptied boxes are kept a month.
  delete from public.drafts x
  where x.user_id = uid and x.body = '' and x.edited_at < now() - interval '30 days';
  return d;
end
$function$;
revoke all on function public.save_draft(uuid, text, timestamptz, uuid) from public;
grant execute on function public.save_draft(uuid, text, timestamptz, uuid)
  to authenticated, service_role;
