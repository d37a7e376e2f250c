-- Edit history: every edit keeps the text it replaced, with when that text was written and when
-- it was replaced, so "(edited)" can show the earlier versions. Readable by exactly those who can
-- read the message (its channel's members, as the messages policy); written only by the trigger.
-- Deleting a message deletes its history with its text.

create table public.message_versions (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  -- Copied from the message: the policy uses it without a join.
  channel_id uuid not null references public.channels (id) on delete cascade,
  body text not null,
  -- When this text was written: the message's creation, or the edit that wrote it.
  written_at timestamptz not null,
  -- When an edit replaced it.
  replaced_at timestamptz not null
);

create index message_versions_message on public.message_versions (message_id, replaced_at);

alter table public.message_versions enable row level security;

create policy "message_versions: channel members read" on public.message_versions
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));

revoke all on public.message_versions from anon, authenticated;
grant select on public.message_versions to anon, authenticated;

create function private.messages_keep_version() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.message_versions (message_id, channel_id, body, written_at, replaced_at)
  values (old.id, old.channel_id, old.body, coalesce(old.edited_at, old.created_at),
    coalesce(new.edited_at, now()));
  return null;
end
$$;

create trigger messages_keep_version
  after update of body on public.messages
  for each row when (old.body is distinct from new.body and new.deleted_at is null)
  execute function private.messages_keep_version();

create function private.messages_forget_versions() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.message_versions v where v.message_id = new.id;
  return null;
end
$$;

create trigger messages_forget_versions
  after update of deleted_at on public.messages
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function private.messages_forget_versions();

revoke all on function private.messages_keep_version(), private.messages_forget_versions()
  from public, anon;
grant execute on function private.messages_keep_version(), private.messages_forget_versions()
  to authenticated, service_role;
