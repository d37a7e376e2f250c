-- Notification emails follow moderation: nothing of a workspace is emailed to a person suspended
-- from it (their waiting emails are dropped as any no longer wanted: what they had not read stays
-- unread for when the suspension is lifted), and a message removed by an admin is emailed to
-- nobody. private.wanted_emails() as 20261128100100_chorus_email_digest_retries made it, with
-- those two conditions.
create or replace function private.wanted_emails(p_ids bigint[], p_skip_held boolean)
returns setof private.email_queue
language sql stable security definer set search_path = '' as $$
  select q.*
  from private.email_queue q
  join public.channels c on c.id = q.channel_id
  join public.channel_members cm on cm.channel_id = q.channel_id and cm.user_id = q.user_id
  join public.workspace_members wm on wm.workspace_id = q.workspace_id and wm.user_id = q.user_id
    and wm.left_at is null
    and wm.suspended_at is null
  join public.messages m on m.id = q.message_id and m.deleted_at is null
    and m.removed_at is null
  left join public.notification_defaults d on d.workspace_id = q.workspace_id
    and d.user_id = q.user_id
  left join public.notification_settings s on s.user_id = q.user_id
  left join public.thread_members tm on tm.thread_id = q.thread_id and tm.user_id = q.user_id
  where q.id = any (p_ids) and q.failed_at is null
    and not cm.muted
    and coalesce(cm.notify_level,
      case when c.kind = 'dm' then 'all' else coalesce(d.level, 'mentions') end) <> 'nothing'
    and coalesce(s.email_enabled, true)
    and case when q.thread_id is null then cm.last_read_seq < q.seq
      else coalesce(tm.last_read_seq, 0) < q.seq end
    and not (p_skip_held and coalesce(private.dnd_active(s.dnd_enabled, s.dnd_start, s.dnd_end,
      s.dnd_time_zone, s.snooze_until, now()), false))
$$;
revoke all on function private.wanted_emails(bigint[], boolean) from public, anon, authenticated;
