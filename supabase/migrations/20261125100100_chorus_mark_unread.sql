-- Mark unread from here: moves the caller's read position back to just before a message, so it
-- and everything after it count as unread again (the sidebar follows on every device: the
-- channel_members row goes to the caller's live topic). A channel message moves the channel's
-- position; a reply kept in its thread moves the caller's position in that thread.
--
-- Read positions otherwise only move forward (*_chorus_channels.sql: two devices may report out
-- of order); this function alone moves one back, saying so with a transaction-local setting
-- the trigger reads. Only your own position ever moves, so the setting grants nothing.

create or replace function private.channel_members_before_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if current_setting('chorus.read_back', true) = 'on' then
    new.last_read_seq := greatest(least(new.last_read_seq, old.last_read_seq), 0);
    return new;
  end if;
  new.last_read_seq := least(
    greatest(old.last_read_seq, coalesce(new.last_read_seq, old.last_read_seq)),
    (select c.last_seq from public.channels c where c.id = new.channel_id)
  );
  return new;
end
$$;

-- Returns the read position after the move (the channel's, or the thread's for a reply kept
-- in its thread). A position already before the message stays where it is.
create function public.mark_unread(p_message_id uuid)
returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages;
  pos bigint;
begin
  select x.* into m from public.messages x
  where x.id = p_message_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.';
  end if;
  if m.in_channel then
    perform set_config('chorus.read_back', 'on', true);
    update public.channel_members cm set last_read_seq = m.seq - 1
    where cm.channel_id = m.channel_id and cm.user_id = uid
    returning cm.last_read_seq into pos;
    perform set_config('chorus.read_back', '', true);
    if not found then
      raise exception using errcode = '22023', message = 'You are not a member of this channel.';
    end if;
    return pos;
  end if;
  insert into public.threads (id, channel_id) values (m.parent_id, m.channel_id)
  on conflict (id) do nothing;
  insert into public.thread_members as tm (thread_id, user_id, channel_id, following, last_read_seq)
  values (m.parent_id, uid, m.channel_id, false, m.thread_seq - 1)
  on conflict (thread_id, user_id) do update
    set last_read_seq = least(tm.last_read_seq, excluded.last_read_seq), updated_at = now()
  returning tm.last_read_seq into pos;
  return pos;
end
$$;

revoke all on function public.mark_unread(uuid) from public, anon;
grant execute on function public.mark_unread(uuid) to authenticated, service_role;
