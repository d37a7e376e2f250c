-- A third-party app never makes an API credential (issue 49, item 4): the sign-in that gave it
-- its token (amr `oauth_provider/authorization_code`, fresh for 15 minutes) is no proof that the
-- person is there, and a bot's token or a webhook's URL would outlive the app's revocation. So
-- private.recent_proof() (*_chorus_reauth.sql) is false for a token with `client_id`, and
-- create_bot, regenerate_bot_token, create_incoming_webhook and regenerate_incoming_webhook
-- refuse an app as they refuse a stale session (42501, details reauthentication_needed), even in
-- a workspace where the person let it write.
create or replace function private.recent_proof()
returns boolean
language sql stable
set search_path = ''
as $$
  select (select private.oauth_client_id()) is null and exists (
    select 1
    from jsonb_array_elements(
      case when jsonb_typeof((select auth.jwt()) -> 'amr') = 'array'
        then (select auth.jwt()) -> 'amr' else '[]'::jsonb end) e
    where jsonb_typeof(e -> 'timestamp') = 'number'
      and (e ->> 'timestamp')::numeric >= extract(epoch from now() - interval '15 minutes')
  )
$$;
