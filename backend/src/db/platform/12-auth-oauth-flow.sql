-- The OAuth 2.1 server's authorization flow as GoTrue's migrations keep it: authorization requests
-- (pending until the user approves or denies, then a single-use code), the user's consents per
-- client, and the client and scopes of the sessions the token endpoint starts.

set local role supabase_auth_admin;
do $$
begin
  if not exists (select 1 from pg_type where typname = 'oauth_authorization_status' and typnamespace = 'auth'::regnamespace) then
    create type auth.oauth_authorization_status as enum ('pending', 'approved', 'denied', 'expired');
  end if;
end
$$;

create table if not exists auth.oauth_authorizations (
  id uuid not null primary key,
  authorization_id text not null unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null,
  scope text not null,
  state text,
  resource text,
  code_challenge text,
  code_challenge_method text,
  response_type text not null default 'code',
  status auth.oauth_authorization_status not null default 'pending',
  authorization_code text unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '3 minutes',
  approved_at timestamptz
);

create table if not exists auth.oauth_consents (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null,
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint oauth_consents_user_client_unique unique (user_id, client_id)
);

alter table auth.sessions add column if not exists oauth_client_id uuid
  references auth.oauth_clients (id) on delete cascade;
alter table auth.sessions add column if not exists scopes text;
reset role;

alter table auth.oauth_authorizations enable row level security;
alter table auth.oauth_consents enable row level security;
grant select on auth.oauth_authorizations, auth.oauth_consents to postgres with grant option;
grant all on auth.oauth_authorizations, auth.oauth_consents to dashboard_user;
