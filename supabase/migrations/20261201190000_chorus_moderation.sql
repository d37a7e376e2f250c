-- Moderation (issue 35, part 4): reports of messages, removal of a message by an admin (and
-- its undo), suspension of a person. Who may read while suspended is decided by the access
-- helpers (the next migration, 20261201190100, does only that); everything else is here.
--
-- Reports: any member who can read a message reports it once, with a reason (spam, harassment,
-- inappropriate, other) and an optional note. A reporter reads their own reports (to show
-- "Reported"); nobody else reads a report's reporter but the workspace's admins (and not on
-- their own messages). Admins list the open reports with open_reports() (every channel, private
-- ones they are not in included: only the reported message is shown) and resolve them all for a
-- message at once: dismiss, or remove the message.
--
-- Removal: the message's text is taken out of public.messages (kept in
-- private.removed_messages for the undo, readable by admins through removed_message()), its
-- files, edit history and search entry are hidden from everyone, and the live channel is told
-- (the message's UPDATE, its files' DELETE). restore_message() puts all back.
--
-- Audit actions: report.dismissed, report.resolved (the message removed), message.removed,
-- message.restored, member.suspended, member.unsuspended.

-- Suspension: kept on the membership row, so unsuspending restores everything as it was.
alter table public.workspace_members
  add column suspended_at timestamptz,
  add column suspended_by uuid;

create type public.report_reason as enum ('spam', 'harassment', 'inappropriate', 'other');

create table public.message_reports (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  message_id uuid not null references public.messages (id) on delete cascade,
  reporter_id uuid references public.profiles (id) on delete cascade,
  reason public.report_reason not null,
  note text,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid,
  resolution text,
  constraint message_reports_once unique (message_id, reporter_id),
  constraint message_reports_note check (note is null or char_length(note) <= 500),
  constraint message_reports_resolution check (
    (resolved_at is null) = (resolution is null) and resolution in ('dismissed', 'removed')
  )
);
create index message_reports_open on public.message_reports (workspace_id, created_at)
  where resolved_at is null;
create index message_reports_reporter on public.message_reports (reporter_id);

alter table public.message_reports enable row level security;
revoke all on table public.message_reports from anon, authenticated, service_role;
grant select on table public.message_reports to authenticated;
grant all on table public.message_reports to service_role;

create policy "message_reports: reporters read theirs" on public.message_reports
  for select to authenticated
  using (reporter_id = (select auth.uid()) and workspace_id in (select private.workspace_ids()));

-- The originals of removed messages: out of every API's reach (private schema, no grants).
create table private.removed_messages (
  message_id uuid primary key references public.messages (id) on delete cascade,
  body text not null,
  mentions uuid[] not null default '{}',
  removed_by uuid,
  removed_at timestamptz not null default now()
);
alter table private.removed_messages enable row level security;
revoke all on table private.removed_messages from public, anon, authenticated;

alter table public.messages
  add column removed_at timestamptz,
  add column removed_by uuid;

create or replace function private.message_removed(p_message_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.removed_messages r where r.message_id = p_message_id)
$$;
grant execute on function private.message_removed(uuid) to authenticated, service_role;

-- A removed message's files and edit history: read by nobody (restrictive: every read policy
-- of these tables is and-ed with it).
create policy "attachments: not of a removed message" on public.attachments
  as restrictive for select to authenticated
  using (not (select private.message_removed(message_id)));
create policy "message_versions: not of a removed message" on public.message_versions
  as restrictive for select to authenticated
  using (not (select private.message_removed(message_id)));

-- Storage: a removed message's files are downloaded by nobody (the read policy's 'removed' is
-- no case it allows), nor deleted by their uploader.
create or replace function private.message_state(p_message_id text)
returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select case
      when m.deleted_at is not null then 'deleted'
      when m.removed_at is not null then 'removed'
      when m.author_id = (select auth.uid()) then 'mine'
      else 'other'
    end
    from public.messages m
    where p_message_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      and m.id = p_message_id::uuid
  ), 'none')
$$;

-- A removed message changes only by its removal's undo; removed_at has no column grant, so only
-- the moderation functions (and the service role) set it.
create or replace function private.messages_before_update()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  end if;
  new.id := old.id;
  new.channel_id := old.channel_id;
  new.seq := old.seq;
  new.author_id := old.author_id;
  new.created_at := old.created_at;
  -- moderation: removing or restoring sets the text as given, nothing else
  if new.removed_at is distinct from old.removed_at then
    new.edited_at := old.edited_at;
    new.deleted_at := null;
    return new;
  end if;
  if old.removed_at is not null then
    raise exception using errcode = '42501', message = 'This message was removed by an admin.';
  end if;
  if new.deleted_at is not null then
    new.deleted_at := now();
    new.body := '';
    new.mentions := '{}';
    return new;
  end if;
  if new.body is distinct from old.body then
    new.body := private.clean_body(new.body);
    if private.is_blank(new.body)
      and not exists (select 1 from public.attachments a where a.message_id = old.id) then
      raise exception using errcode = '23514',
        message = 'Message is empty.',
        hint = 'Delete the message instead.';
    end if;
    new.mentions := private.checked_mentions(old.channel_id, private.mentioned_ids(new.body), old.mentions);
    if new.body is distinct from old.body then
      new.edited_at := now();
    end if;
  else
    new.mentions := old.mentions;
    new.edited_at := old.edited_at;
  end if;
  return new;
end
$$;

-- Removing or restoring is no edit: no version of the text is kept.
drop trigger messages_keep_version on public.messages;
create trigger messages_keep_version after update of body on public.messages
  for each row
  when (old.body is distinct from new.body and new.deleted_at is null
    and old.removed_at is null and new.removed_at is null)
  execute function private.messages_keep_version();
