-- Issue 71, item 7: emails and pushes read a forward as its comment, then what it shares, as a
-- quote naming its author: "<comment>\n> @Ana: <the original's text>". The author is a mention
-- token (<@id>), so the one body-to-text converter (_shared/body-text.ts) names them in the
-- reader's terms as it names any mention, in every language; an app's post keeps its name.
-- The workspace export reads a forward so too (as the service role; a personal export as the
-- person, whose row-level security decides what of the snapshot they read: the function is the
-- caller's). claim_push_batch and claim_notification_email are as before but for the body they
-- hand over.

create function private.forward_notice_body(p_message_id uuid, p_body text)
 returns text
 language sql
 stable
 set search_path to ''
as $$
  select coalesce((
    select btrim(coalesce(p_body, '') || E'\n\n' || '> '
      || coalesce('<@' || f.source_author_id::text || '>', f.source_author_name, '?') || ': '
      || regexp_replace(btrim(f.body), E'\n+', E'\n> ', 'g')
      || case when jsonb_array_length(f.files) > 0
           then ' [' || (select string_agg(x ->> 'name', ', ') from jsonb_array_elements(f.files) x)
             || ']'
           else '' end, E'\n ')
    from public.message_forwards f where f.id = p_message_id
  ), p_body)
$$;
revoke all on function private.forward_notice_body(uuid, text) from public;
grant execute on function private.forward_notice_body(uuid, text) to authenticated, service_role;

CREATE OR REPLACE FUNCTION public.claim_push_batch(p_batch_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  leased bigint[];
  wanted bigint[];
begin
  update private.push_batches set claimed_at = now()
  where id = p_batch_id and claimed_at is null;
  if not found then
    return null;
  end if;
  leased := array(
    select q.id from private.push_queue q
    where q.batch_id = p_batch_id and q.failed_at is null
    order by q.id
    for update
  );
  wanted := array(select w.id from private.push_wanted(leased) w);
  delete from private.push_queue q where q.id = any (leased) and not (q.id = any (wanted));
  update private.push_queue q
  set attempts = q.attempts + 1, lease_until = now() + interval '2 minutes'
  where q.id = any (wanted);
  return jsonb_build_object('items', (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', q.id, 'kind', q.kind, 'attempts', q.attempts,
      'subscription', jsonb_build_object('id', s.id, 'endpoint', s.endpoint,
        'p256dh', s.p256dh, 'auth', s.auth),
      'workspace_id', q.workspace_id, 'channel_id', q.channel_id, 'thread_id', q.thread_id,
      'message_id', q.message_id, 'seq', q.seq,
      'workspace_name', w.name, 'channel_name', c.name, 'channel_kind', c.kind,
      'author_name', a.display_name, 'author_avatar_path', a.avatar_path,
      'hidden', coalesce(w.notifications_hide_content, false),
      'body', case when q.kind = 'message' and not coalesce(w.notifications_hide_content, false)
        then private.forward_notice_body(m.id, m.body) end,
      'count', case when q.kind = 'message' then 1 + (
        select count(*) from private.push_unread u
        where u.user_id = q.user_id and u.channel_id = q.channel_id
          and u.thread_id is not distinct from q.thread_id and u.message_id <> q.message_id
      ) end
    ) order by q.id), '[]'::jsonb)
    from private.push_queue q
    join public.push_subscriptions s on s.id = q.subscription_id
    left join public.channels c on c.id = q.channel_id
    left join public.workspaces w on w.id = q.workspace_id
    left join public.messages m on m.id = q.message_id
    left join public.profiles a on a.id = m.author_id
    where q.id = any (wanted)
  ));
end
$function$;

CREATE OR REPLACE FUNCTION public.claim_notification_email(p_batch_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b private.email_batches;
  leased bigint[];
  wanted bigint[];
begin
  update private.email_batches set claimed_at = now()
  where id = p_batch_id and claimed_at is null
  returning * into b;
  if not found then
    return null;
  end if;
  leased := array(
    select q.id from private.email_queue q
    where q.batch_id = p_batch_id and q.failed_at is null
    order by q.id
    for update
  );
  wanted := array(select w.id from private.wanted_emails(leased, false) w order by w.id);
  delete from private.email_queue q where q.id = any (leased) and not (q.id = any (wanted));
  update private.email_queue q
  set attempts = q.attempts + 1, lease_until = now() + interval '10 minutes'
  where q.id = any (wanted);
  return (
    select jsonb_build_object(
      'email', u.email,
      'display_name', p.display_name,
      'language', coalesce(
        p.language,
        case when u.raw_user_meta_data ->> 'language' in ('en', 'de', 'ja', 'ar')
          then u.raw_user_meta_data ->> 'language' end
      ),
      'unsubscribe_token', s.email_token,
      'ids', to_jsonb(wanted),
      'items', (
        select coalesce(jsonb_agg(jsonb_build_object(
          'message_id', m.id, 'channel_id', m.channel_id, 'workspace_id', c.workspace_id,
          'workspace_name', w.name, 'channel_name', c.name, 'channel_kind', c.kind,
          'author_name', a.display_name,
          'hidden', coalesce(w.notifications_hide_content, false),
          'body', case when not coalesce(w.notifications_hide_content, false) then private.forward_notice_body(m.id, m.body) end,
          'created_at', m.created_at
        ) order by q.id), '[]'::jsonb)
        from private.email_queue q
        join public.messages m on m.id = q.message_id
        join public.channels c on c.id = m.channel_id
        join public.workspaces w on w.id = c.workspace_id
        left join public.profiles a on a.id = m.author_id
        where q.id = any (wanted)
      )
    )
    from auth.users u
    join public.profiles p on p.id = u.id
    left join public.notification_settings s on s.user_id = u.id
    where u.id = b.user_id
  );
end
$function$;
