-- Outgoing events, continued (see *_chorus_outgoing_events.sql): a private channel's events go to
-- a subscription only while the admin who made it is still a member of that channel, as Slack
-- stops sending a conversation's events once the app is no longer in it. The admin who chose the
-- channel leaving it (or being removed from the workspace) stops them; public channels are
-- unchanged.

create or replace function private.queue_event(
  p_workspace_id uuid, p_channel_id uuid, p_type text, p_event jsonb
)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  ch_kind text;
begin
  if p_channel_id is not null then
    select c.kind into ch_kind from public.channels c where c.id = p_channel_id;
    if ch_kind is null or ch_kind = 'dm' then
      return;
    end if;
  end if;
  insert into public.event_deliveries (subscription_id, workspace_id, channel_id, event_id,
    event_type, payload)
  select s.id, p_workspace_id, p_channel_id,
    'Ev' || upper(encode(extensions.gen_random_bytes(6), 'hex')), p_type, p_event
  from public.event_subscriptions s
  where s.workspace_id = p_workspace_id and s.active and s.url_verified
    and p_type = any (s.event_types)
    and (
      p_channel_id is null
      or ch_kind = 'public'
      or (p_channel_id = any (s.private_channel_ids)
        and exists (
          select 1 from public.channel_members cm
          join public.workspace_members wm on wm.workspace_id = p_workspace_id
            and wm.user_id = cm.user_id and wm.left_at is null
          where cm.channel_id = p_channel_id and cm.user_id = s.created_by
        ))
    );
end
$$;

revoke all on function private.queue_event(uuid, uuid, text, jsonb) from public, anon, authenticated;
