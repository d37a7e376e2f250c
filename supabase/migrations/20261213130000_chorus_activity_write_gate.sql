-- Activity's read marks join every other table of public behind the third-party app gate
-- (security-oauth-apps.test.ts): an OAuth app acting for a person writes nothing here either.
create trigger oauth_write_gate before insert or delete or update on public.activity_marks
  for each row
  when (strpos(coalesce(current_setting('request.jwt.claims', true), '') || coalesce(current_setting('request.jwt.claim', true), ''), 'client_id') > 0
    and private.oauth_client_id() is not null)
  execute function private.oauth_write_gate();
