-- The notification digest in its reader's language (issue 53): the claim says which, from the
-- profile's choice, else the language the account was made in (its sign-up's metadata, which the
-- app also updates when the choice changes), else nothing (English).
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
          'author_name', a.display_name, 'body', m.body, 'created_at', m.created_at
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
