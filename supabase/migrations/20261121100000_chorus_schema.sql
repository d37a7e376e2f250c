-- Chorus's data model: profiles, workspaces and their members and invites, channels (public,
-- private, direct messages) and their members, messages with a per-channel sequence number,
-- reactions and attachments. Permissions are row-level security (see *_policies.sql); the
-- helpers policies call live in the schema `private`, which the API does not expose.
--
-- Only what a hosted Supabase project provides is used here (auth.users, auth.uid(), pgcrypto in
-- `extensions`, the storage and realtime schemas), so `supabase db push` applies these files.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

create type public.workspace_role as enum ('owner', 'admin', 'member');
create type public.channel_kind as enum ('public', 'private', 'dm');

-- Unguessable tokens for invite links: 24 random bytes, base64url without padding.
create function private.new_token() returns text
language sql volatile set search_path = '' as $$
  select translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/=', '-_')
$$;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null,
  -- A path in the public bucket `avatars`, always under the user's own folder.
  avatar_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_display_name_length check (char_length(display_name) between 1 and 64),
  constraint profiles_avatar_path_own check (
    avatar_path is null or (avatar_path like id::text || '/_%' and avatar_path not like '%..%')
  )
);

create table public.workspaces (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  slug text not null unique,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint workspaces_name_length check (char_length(name) between 1 and 80),
  constraint workspaces_slug_format check (slug ~ '^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$')
);

-- Removing someone keeps their row with left_at set, so their name still shows on what they
-- wrote; every permission looks at current members (left_at is null) only.
create table public.workspace_members (
  -- A surrogate key: Realtime sends only the primary key of deleted rows to every subscriber.
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.workspace_role not null default 'member',
  joined_at timestamptz not null default now(),
  left_at timestamptz,
  constraint workspace_members_unique unique (workspace_id, user_id)
);
create index workspace_members_user on public.workspace_members (user_id, workspace_id)
  where left_at is null;

create table public.invites (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  token text not null unique default private.new_token(),
  -- Set for an invitation by email: only the account with this (confirmed) email can accept it.
  email text,
  role public.workspace_role not null default 'member',
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  -- null: a link anyone may use until it expires; an email invite is used once.
  max_uses integer,
  use_count integer not null default 0,
  constraint invites_role check (role <> 'owner'),
  constraint invites_max_uses check (max_uses is null or max_uses > 0),
  constraint invites_email_once check (email is null or max_uses = 1)
);
create index invites_workspace on public.invites (workspace_id);
create index invites_email on public.invites (email) where email is not null;

create table public.channels (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  kind public.channel_kind not null,
  -- null for direct messages, whose names are their members'.
  name text,
  topic text not null default '',
  -- New members of the workspace join default channels (#general).
  is_default boolean not null default false,
  -- Direct messages: the sorted member ids, so one set of people has one conversation.
  dm_key text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  archived_at timestamptz,
  -- The seq of the channel's latest message; taken under this row's lock by each insert.
  last_seq bigint not null default 0,
  last_message_at timestamptz,
  constraint channels_id_workspace unique (id, workspace_id),
  constraint channels_name_by_kind check ((kind = 'dm') = (name is null)),
  constraint channels_dm_key_by_kind check ((kind = 'dm') = (dm_key is not null)),
  constraint channels_name_length check (name is null or char_length(name) between 1 and 80),
  constraint channels_topic_length check (char_length(topic) <= 250),
  constraint channels_default_public check (not is_default or kind = 'public')
);
create unique index channels_name_unique on public.channels (workspace_id, lower(name))
  where kind <> 'dm';
create unique index channels_dm_key_unique on public.channels (workspace_id, dm_key)
  where kind = 'dm';
create index channels_workspace_public on public.channels (workspace_id) where kind = 'public';

create table public.channel_members (
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null,
  workspace_id uuid not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- Unread = channels.last_seq - last_read_seq; kept here so it follows the user across devices.
  last_read_seq bigint not null default 0,
  joined_at timestamptz not null default now(),
  constraint channel_members_unique unique (channel_id, user_id),
  constraint channel_members_channel foreign key (channel_id, workspace_id)
    references public.channels (id, workspace_id) on delete cascade,
  -- Only members of the workspace can be in its channels.
  constraint channel_members_workspace_member foreign key (workspace_id, user_id)
    references public.workspace_members (workspace_id, user_id) on delete cascade
);
create index channel_members_user on public.channel_members (user_id, channel_id);
create index channel_members_workspace_user on public.channel_members (workspace_id, user_id);

create table public.messages (
  -- Made by the client before sending, so a retried send is the same message.
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null references public.channels (id) on delete cascade,
  -- Gap-free and ordered per channel, assigned by the database (never by the client).
  seq bigint not null,
  author_id uuid references public.profiles (id) on delete set null,
  -- Markdown source. Mentions are written <@user-id>; `mentions` is derived from the body.
  body text not null default '',
  mentions uuid[] not null default '{}',
  parent_id uuid references public.messages (id) on delete set null,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  constraint messages_body_length check (char_length(body) <= 4000)
);
-- Opening a channel reads the latest page; paging backwards reads seq < n. Both are this index.
create unique index messages_channel_seq on public.messages (channel_id, seq desc);
create index messages_author on public.messages (author_id);
create index messages_parent on public.messages (parent_id) where parent_id is not null;

create table public.reactions (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  -- Copied from the message: policies and Realtime filters use it without a join.
  channel_id uuid not null references public.channels (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  emoji text not null,
  created_at timestamptz not null default now(),
  constraint reactions_unique unique (message_id, user_id, emoji)
);
create index reactions_channel on public.reactions (channel_id);
create index reactions_user on public.reactions (user_id);

create table public.attachments (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  uploader_id uuid references public.profiles (id) on delete set null,
  bucket_id text not null default 'attachments',
  -- workspace_id/channel_id/message_id/file name, in the private bucket `attachments`.
  path text not null unique,
  name text not null,
  size bigint not null,
  mime_type text not null,
  width integer,
  height integer,
  created_at timestamptz not null default now(),
  constraint attachments_bucket check (bucket_id = 'attachments'),
  constraint attachments_size check (size >= 0),
  constraint attachments_dimensions check (
    (width is null or width between 1 and 100000) and (height is null or height between 1 and 100000)
  )
);
create index attachments_message on public.attachments (message_id);
create index attachments_channel on public.attachments (channel_id);

alter table public.profiles enable row level security;
alter table public.workspaces enable row level security;
alter table public.workspace_members enable row level security;
alter table public.invites enable row level security;
alter table public.channels enable row level security;
alter table public.channel_members enable row level security;
alter table public.messages enable row level security;
alter table public.reactions enable row level security;
alter table public.attachments enable row level security;
