-- Who may call functions, set last so it covers every function the migrations above made.

-- The helpers are for policies and triggers, not for calling over the API (the schema is not
-- exposed either).
revoke all on all functions in schema private from public, anon;

grant execute on all functions in schema private to authenticated, service_role;

-- The RPCs are for signed-in users; only invite_preview() also answers before sign-in.
revoke all on all functions in schema public from public, anon;

grant execute on all functions in schema public to authenticated, service_role;

grant execute on function public.invite_preview(text) to anon;
