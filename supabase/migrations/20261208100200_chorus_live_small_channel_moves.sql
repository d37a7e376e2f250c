-- A small public channel's new messages go to its members' own topics, not to the whole
-- workspace's (issue 50). Every message in a public channel moved its last_seq on
-- live:workspace:<id>, which every member of the workspace joins; only the channel's members
-- do anything with it (the sidebar ignores a public channel it does not hold). In a workspace
-- of 1,000 people whose topical channels have 30 members each, 97% of those frames went to
-- people who dropped them: the server wrote 1,000 frames per message, and each browser decoded
-- them all. Now a move of a public channel with at most 100 members, and at most a quarter of the
-- workspace's, is sent to each member's live:user:<id> (as a private channel's always was, which
-- the app and its guests already read), one event per member; a larger channel's (#general)
-- still goes to the workspace's topic once, to be fanned out there. Other changes of a public
-- channel (a new one, a rename, archiving) still go to the whole workspace, whose channel
-- browser shows them.
create or replace function private.live_channels()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  ch public.channels;
  v_record jsonb;
  v_members int;
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
    if ch.kind = 'public' then
      select count(*) into v_members
      from (select 1 from public.channel_members cm where cm.channel_id = ch.id limit 101) x;
      if v_members <= 100 and (
        select count(*) >= 4 * v_members
        from (
          select 1 from public.workspace_members wm
          where wm.workspace_id = ch.workspace_id and wm.left_at is null
          limit 4 * v_members
        ) x
      ) then
        perform private.live_send_to_members(ch.id, 'channels', tg_op, v_record);
        return null;
      end if;
    end if;
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
