-- Live events carry what the screens that show them need (issue 50, item 1), so that the app
-- applies them to its caches instead of fetching the channel list or my workspaces again for
-- each one: a request per live event grew with people x messages.
--
-- private.live_channels (of *_chorus_guests_live.sql): a move of a channel's last_seq also says
-- which messages moved it ('from_seq', the last_seq before, and 'new_messages', each one's seq,
-- author and mentions; mentions null when over 100 people, e.g. @channel in a big channel; the
-- list null when over 20 messages moved it at once), read in the same transaction as the
-- messages. Every recipient of the topic may read those messages (the workspace's topic is
-- joined by its full members, who read its public channels; the guests of the channel and the
-- members of a private one each get it on their own topic), so it tells nobody anything new.
--
-- private.live_channel_members (same file): my membership's event, sent to my own topic only,
-- also carries my counts that it changes (the channel's last_seq, my unread and mention counts,
-- as channel_list() counts them), and on an insert the channel's row, as the list shows it.
create or replace function private.live_channels()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  ch public.channels;
  v_record jsonb;
begin
  if private.importing() then
    return null;
  end if;
  if tg_op = 'DELETE' then ch := old; else ch := new; end if;
  v_record := to_jsonb(ch);
  if tg_op = 'UPDATE' and new.last_seq > old.last_seq then
    v_record := v_record || jsonb_build_object(
      'from_seq', old.last_seq,
      'new_messages', case when new.last_seq - old.last_seq <= 20 then (
        select coalesce(jsonb_agg(jsonb_build_object(
          'seq', m.seq,
          'author_id', m.author_id,
          'mentions', case when cardinality(m.mentions) <= 100 then to_jsonb(m.mentions) end
        ) order by m.seq), '[]'::jsonb)
        from public.messages m
        where m.channel_id = new.id and m.in_channel
          and m.seq > old.last_seq and m.seq <= new.last_seq
      ) end
    );
  end if;
  if ch.kind = 'public' then
    perform private.live_send('live:workspace:' || ch.workspace_id::text, 'channels', tg_op, v_record);
    perform private.live_send('live:user:' || g::text, 'channels', tg_op, v_record)
    from private.guests_of_channel(ch.id) g;
  else
    perform private.live_send_to_members(ch.id, 'channels', tg_op, v_record);
  end if;
  return null;
end
$$;

create or replace function private.live_channel_members()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  m public.channel_members;
  kind public.channel_kind;
  roster jsonb;
  mine jsonb;
begin
  if private.importing() then
    return null;
  end if;
  if tg_op = 'DELETE' then m := old; else m := new; end if;
  mine := to_jsonb(m);
  if tg_op <> 'DELETE' then
    mine := mine || coalesce((
      select jsonb_build_object(
        'last_seq', c.last_seq,
        'unread_count', greatest(c.last_seq - m.last_read_seq, 0),
        'mention_count', (
          select count(*) from (
            select 1 from public.messages x
            where x.channel_id = c.id and x.in_channel
              and x.seq > greatest(m.last_read_seq, c.last_seq - 1000)
              and x.mentions @> array[m.user_id] and x.deleted_at is null
          ) as mentioned
        ),
        'channel', case when tg_op = 'INSERT' then jsonb_build_object(
          'id', c.id, 'workspace_id', c.workspace_id, 'kind', c.kind, 'name', c.name,
          'topic', c.topic, 'is_default', c.is_default, 'created_by', c.created_by,
          'created_at', c.created_at, 'archived_at', c.archived_at, 'last_seq', c.last_seq,
          'last_message_at', c.last_message_at
        ) end
      )
      from public.channels c where c.id = m.channel_id
    ), '{}'::jsonb);
  end if;
  perform private.live_send('live:user:' || m.user_id::text, 'channel_members', tg_op, mine);
  if tg_op = 'UPDATE' then
    return null;
  end if;
  roster := jsonb_build_object('channel_id', m.channel_id, 'user_id', m.user_id, 'joined_at', m.joined_at);
  select c.kind into kind from public.channels c where c.id = m.channel_id;
  if kind = 'public' then
    perform private.live_send('live:workspace:' || m.workspace_id::text, 'channel_roster', tg_op, roster);
    perform private.live_send('live:user:' || g::text, 'channel_roster', tg_op, roster)
    from private.guests_of_channel(m.channel_id) g
    where g <> m.user_id;
  elsif kind is not null then
    perform private.live_send_to_members(m.channel_id, 'channel_roster', tg_op, roster, m.user_id);
  end if;
  return null;
end
$$;
