-- Mark unread from a thread: moves the caller's read position in a reply's thread back to just
-- before that reply, so it and the replies after it count as unread again in the thread (the
-- Threads view and the sidebar's Threads entry follow: the thread_members row goes to the
-- caller's live topic). mark_unread (*_chorus_mark_unread.sql) moves the channel's position for
-- a reply that was also sent to the channel; in its thread the same reply moves the thread's,
-- which is what this does for any reply. A position already before the reply stays where it is.

create function public.mark_thread_unread(p_message_id uuid)
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
  if m.parent_id is null or m.thread_seq is null then
    raise exception using errcode = '22023', message = 'This message is not a reply in a thread.',
      hint = 'Use mark_unread for a channel message.';
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

revoke all on function public.mark_thread_unread(uuid) from public, anon;
grant execute on function public.mark_thread_unread(uuid) to authenticated, service_role;
