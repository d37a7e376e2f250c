-- A command app's later answers can replace or delete the earlier ones, as Slack's response_url
-- takes `replace_original` / `delete_original`: each later ephemeral answer now names its run
-- (invocation_id, set by answer_slash_command(), redefined here with the same checks),
-- forget_slash_command_answers() deletes a run's later ephemeral answers (the
-- function calls it, with the service key and the response_url's secret, before storing the new
-- one), and a deleted answer is sent on its caller's user topic so an open page drops it.
alter table public.slash_command_responses add column invocation_id uuid;
create index slash_command_responses_invocation on public.slash_command_responses (invocation_id);

create or replace function private.slash_responses_live() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform private.live_send('live:user:' || old.user_id::text, 'slash_command_responses',
      'DELETE', jsonb_build_object('id', old.id, 'channel_id', old.channel_id));
    return null;
  end if;
  perform private.live_send('live:user:' || new.user_id::text, 'slash_command_responses', 'INSERT',
    to_jsonb(new));
  return null;
end
$$;

create trigger slash_command_responses_live_delete after delete on public.slash_command_responses
  for each row execute function private.slash_responses_live();

-- Deletes a run's later ephemeral answers (replace_original, delete_original): 'ok', or the
-- same refusals as answer_slash_command() (it counts no use: the answer that follows does).
create function public.forget_slash_command_answers(p_invocation_id uuid, p_response_secret text)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  inv private.slash_command_invocations;
begin
  select * into inv from private.slash_command_invocations i where i.id = p_invocation_id;
  if not found or inv.response_hash is null then
    return 'no_service';
  end if;
  if p_response_secret is null or inv.response_hash <> extensions.digest(p_response_secret, 'sha256') then
    return 'invalid_token';
  end if;
  if inv.expires_at < now() then
    return 'expired';
  end if;
  if inv.uses >= 5 then
    return 'used_up';
  end if;
  delete from public.slash_command_responses r where r.invocation_id = inv.id;
  return 'ok';
end
$$;

revoke all on function public.forget_slash_command_answers(uuid, text)
  from public, anon, authenticated;
grant execute on function public.forget_slash_command_answers(uuid, text) to service_role;

-- As before, the later ephemeral answer now naming its run.
create or replace function public.answer_slash_command(
  p_invocation_id uuid,
  p_response_secret text,
  p_in_channel boolean,
  p_body text,
  p_message_id uuid default null
)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  inv private.slash_command_invocations;
  c public.slash_commands;
  ch public.channels;
  body text := coalesce(p_body, '');
  v_message_id uuid;
begin
  select * into inv from private.slash_command_invocations i where i.id = p_invocation_id for update;
  if not found or inv.response_hash is null then
    return 'no_service';
  end if;
  select * into c from public.slash_commands s where s.id = inv.command_id;
  if not found or c.revoked_at is not null then
    return 'no_service';
  end if;
  if p_response_secret is not null then
    if inv.response_hash <> extensions.digest(p_response_secret, 'sha256') then
      return 'invalid_token';
    end if;
    if inv.expires_at < now() then
      return 'expired';
    end if;
    if inv.uses >= 5 then
      return 'used_up';
    end if;
    update private.slash_command_invocations i set uses = uses + 1 where i.id = inv.id;
  end if;
  if char_length(body) > 4000 then
    raise exception using errcode = '22023', message = 'The answer must be at most 4000 characters.';
  end if;
  if not p_in_channel then
    if p_response_secret is not null and body <> '' then
      insert into public.slash_command_responses (user_id, channel_id, command, body, invocation_id)
      values (inv.user_id, inv.channel_id, c.name, body, inv.id);
    end if;
    return 'ok';
  end if;
  select * into ch from public.channels x where x.id = inv.channel_id;
  if ch.archived_at is not null then
    return 'channel_is_archived';
  end if;
  -- Slack shows the command that was run above its first answer in the channel.
  if not inv.echoed and exists (select 1 from public.channel_members cm
                                where cm.channel_id = ch.id and cm.user_id = inv.user_id) then
    insert into public.messages (channel_id, author_id, body)
    values (ch.id, inv.user_id, private.clean_line(c.name || ' ' || inv.text, 'The command', 4000));
    update private.slash_command_invocations i set echoed = true where i.id = inv.id;
  end if;
  insert into public.messages (id, channel_id, author_id, body)
  values (coalesce(p_message_id, gen_random_uuid()), ch.id, null, body)
  returning id into v_message_id;
  if v_message_id is null then
    -- an id already taken (the insert trigger skips a repeated message): never attach to it
    raise exception using errcode = '22023', message = 'This message id is taken.';
  end if;
  insert into public.integration_messages (message_id, channel_id, app_name, slash_command_id)
  values (v_message_id, ch.id, c.name, c.id);
  return 'ok';
end
$$;
