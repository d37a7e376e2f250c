-- Supabase Auth's OAuth 2.1 server: the clients an admin registers ([auth.oauth_server]), as
-- GoTrue's migrations create auth.oauth_clients.

set local role supabase_auth_admin;
do $$
begin
  if not exists (select 1 from pg_type where typname = 'oauth_registration_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.oauth_registration_type as enum ('dynamic', 'manual');
  end if;
  if not exists (select 1 from pg_type where typname = 'oauth_client_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.oauth_client_type as enum ('public', 'confidential');
  end if;
end
$$;

create table if not exists auth.oauth_clients (
  id uuid not null primary key,
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type auth.oauth_client_type not null default 'confidential'
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
reset role;

alter table auth.oauth_clients enable row level security;
grant select on auth.oauth_clients to postgres with grant option;
grant all on auth.oauth_clients to dashboard_user;
