-- Thread replies reach the people they are for. The browser notifier woke only when a channel's
-- last_seq moved, and a reply kept in its thread moves no channel number (its `seq` is null); its
-- only live event went to the channel's topic, which the app joins for the open channel only. So
-- no thread reply ever raised a notification: a mention in a thread, a reply in a DM's thread, a
-- reply in a followed thread.
--
-- Now each reply (kept in its thread or also sent to the channel) sends a `thread_replies` event to
-- the user topic of each person it may be for: whoever follows the thread (its parent's author
-- unless they unfollowed, its repliers, everyone mentioned in it: messages_thread_after_insert has
-- just made them follow, this trigger fires after it by name) and every member of a direct
-- message; never its author. The event names the reply (ids only, its body is read through RLS by
-- id) with that person's facts at the time of the reply: whether they follow the thread, their
-- level and mute in the channel, the channel's kind. The app decides by its rules (level, mute,
-- Do Not Disturb: app/src/features/notifications/rules.ts, shouldNotifyReply).
create function private.live_thread_reply() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.deleted_at is not null then
    return null;
  end if;
  perform private.live_send(
    'live:user:' || cm.user_id::text, 'thread_replies', 'INSERT',
    jsonb_build_object(
      'id', new.id,
      'channel_id', new.channel_id,
      'thread_id', new.parent_id,
      'workspace_id', c.workspace_id,
      'thread_seq', new.thread_seq,
      'kind', c.kind,
      'following', coalesce(tm.following, false),
      'muted', cm.muted,
      'notify_level', cm.notify_level
    )
  )
  from public.channels c
  join public.channel_members cm on cm.channel_id = c.id
  left join public.thread_members tm on tm.thread_id = new.parent_id and tm.user_id = cm.user_id
  where c.id = new.channel_id and cm.user_id is distinct from new.author_id
    and (coalesce(tm.following, false) or c.kind = 'dm');
  return null;
end
$$;

create trigger messages_thread_reply_live
  after insert on public.messages
  for each row when (new.parent_id is not null)
  execute function private.live_thread_reply();
