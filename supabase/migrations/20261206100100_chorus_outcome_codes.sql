-- Chorus's error codes, continued (issue 51, item 2): the functions that answered a refusal with a
-- status string now raise it with a code in DETAIL, as every other refusal does, so the Edge
-- Functions switch on codes only. post_incoming_webhook: webhook_not_found, webhook_revoked,
-- webhook_secret_invalid, channel_not_found, channel_archived, rate_limited (PT429, HTTP 429; the
-- seconds to wait in HINT as {"retry_after": n}). answer_slash_command and
-- forget_slash_command_answers: slash_command_run_not_found, slash_command_revoked,
-- response_url_secret_invalid, response_url_expired, response_url_used_up, channel_archived.
-- authenticate_bot: bot_token_invalid, bot_revoked, not_workspace_member, rate_limited. Each still
-- returns what it returned on success. A raise undoes the call's writes: the refusals write nothing
-- before them but the token buckets, which the next call recomputes to the same count, and an
-- answer's use of its response URL, which a refused answer need not count (nothing is posted).
-- prepare_slash_command raised already and is unchanged. The functions are restated whole.

CREATE OR REPLACE FUNCTION public.post_incoming_webhook(p_webhook_id uuid, p_secret text, p_message_id uuid, p_body text, p_username text DEFAULT NULL::text, p_icon_emoji text DEFAULT NULL::text, p_icon_url text DEFAULT NULL::text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  w public.incoming_webhooks;
  ch public.channels;
  burst double precision := private.integration_setting('webhook_burst', 10);
  rate double precision := private.integration_setting('webhook_per_second', 1);
  available double precision;
  icon text[];
  username text;
  v_message_id uuid;
begin
  if p_message_id is null then
    raise exception using errcode = '22023', message = 'p_message_id is required.',
      detail = 'missing_argument';
  end if;
  select * into w from public.incoming_webhooks h where h.id = p_webhook_id for update;
  if not found then
    raise exception using errcode = '22023', message = 'Webhook not found.',
      detail = 'webhook_not_found';
  end if;
  if w.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This webhook was revoked.',
      detail = 'webhook_revoked';
  end if;
  if p_secret is null or w.secret_hash <> extensions.digest(p_secret, 'sha256') then
    raise exception using errcode = '42501',
      message = 'The webhook''s secret is wrong or was regenerated.',
      detail = 'webhook_secret_invalid';
  end if;
  select * into ch from public.channels c where c.id = w.channel_id;
  if not found then
    raise exception using errcode = '22023', message = 'The webhook''s channel no longer exists.',
      detail = 'channel_not_found';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'The webhook''s channel is archived.',
      detail = 'channel_archived';
  end if;
  -- The bucket (full when the webhook is made), refilled since its last use.
  available := least(burst, w.tokens + greatest(extract(epoch from now() - w.tokens_at), 0) * rate);
  if available < 1 then
    -- Refused, the bucket is not written back: the next call refills it from the same tokens and
    -- tokens_at to what writing `available` now would have given (below 1, least() caps nothing).
    raise exception using errcode = 'PT429',
      message = 'Too many messages for this webhook: wait and retry.',
      detail = 'rate_limited',
      hint = jsonb_build_object('retry_after',
        case when rate > 0 then ceil((1 - available) / rate)::int else 60 end)::text;
  end if;
  icon := private.clean_webhook_icon(p_icon_emoji, p_icon_url);
  username := nullif(private.clean_line(coalesce(p_username, ''), 'The username', 80, true), '');
  insert into public.messages (id, channel_id, author_id, body)
  values (p_message_id, w.channel_id, null, p_body)
  returning id into v_message_id;
  if v_message_id is null then
    -- an id already taken (the insert trigger skips a repeated message): never attach to it
    raise exception using errcode = '23505', message = 'This message id is taken.',
      detail = 'message_id_taken';
  end if;
  insert into public.integration_messages (message_id, channel_id, webhook_id, app_name, username,
    icon_emoji, icon_url)
  values (v_message_id, w.channel_id, w.id, w.name, username,
    coalesce(icon[1], w.icon_emoji), coalesce(icon[2], w.icon_url));
  update public.incoming_webhooks h
  set tokens = available - 1, tokens_at = now(), last_used_at = now()
  where h.id = w.id;
  return 'ok';
end
$function$;

CREATE OR REPLACE FUNCTION public.answer_slash_command(p_invocation_id uuid, p_response_secret text, p_in_channel boolean, p_body text, p_message_id uuid DEFAULT NULL::uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  inv private.slash_command_invocations;
  c public.slash_commands;
  ch public.channels;
  body text := coalesce(p_body, '');
  v_message_id uuid;
begin
  select * into inv from private.slash_command_invocations i where i.id = p_invocation_id for update;
  if not found or inv.response_hash is null then
    raise exception using errcode = '22023', message = 'No such command run.',
      detail = 'slash_command_run_not_found';
  end if;
  select * into c from public.slash_commands s where s.id = inv.command_id;
  if not found or c.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This command was revoked.',
      detail = 'slash_command_revoked';
  end if;
  if p_response_secret is not null then
    if inv.response_hash <> extensions.digest(p_response_secret, 'sha256') then
      raise exception using errcode = '42501', message = 'The response URL''s secret is wrong.',
        detail = 'response_url_secret_invalid';
    end if;
    if inv.expires_at < now() then
      raise exception using errcode = '22023', message = 'The response URL has expired.',
        detail = 'response_url_expired';
    end if;
    if inv.uses >= 5 then
      raise exception using errcode = '22023', message = 'The response URL has been used 5 times.',
        detail = 'response_url_used_up';
    end if;
    update private.slash_command_invocations i set uses = uses + 1 where i.id = inv.id;
  end if;
  if char_length(body) > 4000 then
    raise exception using errcode = '22023', message = 'The answer must be at most 4000 characters.', detail = 'text_too_long';
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
    -- Refused, the use above is not counted, as a too long answer's is not: nothing was posted.
    raise exception using errcode = '22023', message = 'This channel is archived.',
      detail = 'channel_archived';
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
    raise exception using errcode = '23505', message = 'This message id is taken.', detail = 'message_id_taken';
  end if;
  insert into public.integration_messages (message_id, channel_id, app_name, slash_command_id)
  values (v_message_id, ch.id, c.name, c.id);
  return 'ok';
end
$function$;

CREATE OR REPLACE FUNCTION public.forget_slash_command_answers(p_invocation_id uuid, p_response_secret text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  inv private.slash_command_invocations;
begin
  select * into inv from private.slash_command_invocations i where i.id = p_invocation_id;
  if not found or inv.response_hash is null then
    raise exception using errcode = '22023', message = 'No such command run.',
      detail = 'slash_command_run_not_found';
  end if;
  if p_response_secret is null or inv.response_hash <> extensions.digest(p_response_secret, 'sha256') then
    raise exception using errcode = '42501', message = 'The response URL''s secret is wrong.',
      detail = 'response_url_secret_invalid';
  end if;
  if inv.expires_at < now() then
    raise exception using errcode = '22023', message = 'The response URL has expired.',
      detail = 'response_url_expired';
  end if;
  if inv.uses >= 5 then
    raise exception using errcode = '22023', message = 'The response URL has been used 5 times.',
      detail = 'response_url_used_up';
  end if;
  delete from public.slash_command_responses r where r.invocation_id = inv.id;
  return 'ok';
end
$function$;

CREATE OR REPLACE FUNCTION public.authenticate_bot(p_token text)
 RETURNS TABLE(outcome text, user_id uuid, workspace_id uuid, retry_after integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bots;
  burst double precision := private.integration_setting('bot_burst', 50);
  rate double precision := private.integration_setting('bot_per_second', 2);
  available double precision;
begin
  if p_token is null or p_token !~ '^xoxb-[0-9a-f]{64}$' then
    raise exception using errcode = '42501', message = 'The bot token is not valid.',
      detail = 'bot_token_invalid';
  end if;
  select * into b from public.bots x where x.token_hash = extensions.digest(p_token, 'sha256')
  for update;
  if not found then
    raise exception using errcode = '42501', message = 'The bot token is not valid.',
      detail = 'bot_token_invalid';
  end if;
  if b.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This bot was revoked.',
      detail = 'bot_revoked';
  end if;
  if not exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = b.workspace_id and wm.user_id = b.id and wm.left_at is null
  ) then
    raise exception using errcode = '42501',
      message = 'This bot is no longer a member of its workspace.',
      detail = 'not_workspace_member';
  end if;
  available := least(burst, b.tokens + greatest(extract(epoch from now() - b.tokens_at), 0) * rate);
  if available < 1 then
    -- Refused, the bucket is not written back: the next call refills it from the same tokens and
    -- tokens_at to what writing `available` now would have given (below 1, least() caps nothing).
    raise exception using errcode = 'PT429', message = 'Too many calls for this bot: wait and retry.',
      detail = 'rate_limited',
      hint = jsonb_build_object('retry_after',
        case when rate > 0 then ceil((1 - available) / rate)::int else 60 end)::text;
  end if;
  update public.bots x set tokens = available - 1, tokens_at = now(), last_used_at = now()
  where x.id = b.id;
  return query select 'ok', b.id, b.workspace_id, null::integer;
end
$function$;
