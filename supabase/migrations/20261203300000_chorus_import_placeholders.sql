-- Imported people are placeholders until they claim themselves (issue 49, item 1). An import
-- never attaches, adds or authors as an existing account: each person of the archive (not a
-- bot) becomes a placeholder member of the workspace, a profile that is no Auth user
-- (profiles.is_placeholder), named as in the archive; their messages, reactions, files and
-- memberships are the placeholder's. A deactivated person's placeholder is a former member.
-- The person claims it by accepting an email invitation an owner made for that address after
-- the import (the "Email N invitations" action: import_invitees, invite-by-email {import_id}),
-- signed in as the account whose verified email it is: accept_invite then moves everything of
-- the placeholder to the account (messages keep their ids and sequence numbers, so the channels'
-- numbering and row-level security need nothing new) and deletes the placeholder.

-- A profile is an Auth user's, or a placeholder: the foreign key to auth.users becomes a
-- trigger that deletes the profile with its user.
alter table public.profiles add column is_placeholder boolean not null default false;
alter table public.profiles drop constraint profiles_id_fkey;

create function private.handle_deleted_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.profiles p where p.id = old.id;
  return null;
end
$$;
revoke all on function private.handle_deleted_user() from public, anon, authenticated;
create trigger on_auth_user_deleted after delete on auth.users
for each row execute function private.handle_deleted_user();

-- A user made with a placeholder's id would take its history: refused.
create or replace function private.handle_new_user()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.profiles p where p.id = new.id and p.is_placeholder) then
    raise exception using errcode = '23505', message = 'That id is an imported person''s.';
  end if;
  insert into public.profiles (id, display_name)
  values (new.id, private.display_name_for(new.raw_user_meta_data, new.email))
  on conflict (id) do nothing;
  return new;
end
$$;

-- The placeholders of a workspace: who they were in the archive, and the address that may claim
-- them (never shown to members; the owners see it in import_invitees). Deleted with the
-- placeholder's profile (a claim, an undone import) or the workspace.
create table private.import_placeholders (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  import_id uuid references public.imports (id) on delete set null,
  slack_id text not null,
  email text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint import_placeholders_slack unique (workspace_id, slack_id)
);
alter table private.import_placeholders enable row level security;
create index import_placeholders_email on private.import_placeholders (workspace_id, email)
  where email is not null;

-- Who claimed which Slack person of a workspace. A newer export of the same Slack workspace
-- (see import-again.test.ts) gives a claimed person a new placeholder (an import never authors as an
-- account), but does not add again a reaction the account has from the claim.
create table private.import_claims (
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  slack_id text not null,
  account_id uuid not null references public.profiles (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  constraint import_claims_pkey primary key (workspace_id, slack_id, account_id)
);
alter table private.import_claims enable row level security;

-- A workspace deleted: its placeholders' profiles go with it.
create function private.import_placeholders_after_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.profiles p where p.id = old.profile_id and p.is_placeholder;
  return null;
end
$$;
revoke all on function private.import_placeholders_after_delete() from public, anon, authenticated;
create trigger import_placeholders_after_delete after delete on private.import_placeholders
for each row execute function private.import_placeholders_after_delete();

-- The people phase: p_people is [{slack_id, name, email, active}] (no accounts: the function
-- looks none up). A person the workspace has an unclaimed placeholder for (a newer export of the
-- same Slack workspace) is that placeholder again; anyone else gets a new one. Active ones join
-- the workspace as members, deactivated ones as former members (their name still shows).
create or replace function private.import_people(p_import uuid, p_people jsonb)
returns integer language plpgsql security definer set search_path = '' as $$
declare
  v public.imports := private.import_lock(p_import);
  p record;
  v_id uuid;
  v_created boolean;
  v_added boolean;
begin
  if v.id is null then
    return -1;
  end if;
  perform set_config('chorus.importing', 'on', true);
  for p in
    select distinct on (x.slack_id) x.slack_id, x.name, nullif(lower(btrim(coalesce(x.email, ''))), '') as email,
      coalesce(x.active, true) as active
    from jsonb_to_recordset(coalesce(p_people, '[]')) as x(slack_id text, name text, email text, active boolean)
    where coalesce(x.slack_id, '') <> ''
      and not exists (select 1 from private.import_people ip
        where ip.import_id = p_import and ip.slack_id = x.slack_id)
    order by x.slack_id
  loop
    select ph.profile_id into v_id from private.import_placeholders ph
    where ph.workspace_id = v.workspace_id and ph.slack_id = left(p.slack_id, 200);
    v_created := v_id is null;
    if v_created then
      v_id := gen_random_uuid();
      insert into public.profiles (id, display_name, is_placeholder)
      values (v_id, private.display_name_for(jsonb_build_object('display_name', p.name), p.email), true);
      insert into private.import_placeholders (profile_id, workspace_id, import_id, slack_id, email, active)
      values (v_id, v.workspace_id, p_import, left(p.slack_id, 200), left(p.email, 254), p.active);
    end if;
    insert into public.workspace_members (workspace_id, user_id, role, left_at)
    values (v.workspace_id, v_id, 'member', case when p.active then null else now() end)
    on conflict (workspace_id, user_id) do nothing;
    v_added := found;
    insert into private.import_people (import_id, slack_id, user_id, created, added)
    values (p_import, p.slack_id, v_id, v_created, v_added)
    on conflict (import_id, slack_id) do nothing;
  end loop;
  update public.imports i
  set people = (select count(distinct ip.user_id) from private.import_people ip where ip.import_id = p_import),
    heartbeat_at = now(), checkpoint = jsonb_build_object('phase', 'channels')
  where i.id = p_import;
  return 0;
end
$$;

-- A claim moves a placeholder's messages to the account (chorus.claiming = '<placeholder>:<account>',
-- set only by private.import_placeholder_claim): the author, and mentions of the placeholder in the
-- text, become the account's; nothing else of the message changes (no edit mark, no version).
create or replace function private.messages_before_update()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  v_claim text := coalesce(current_setting('chorus.claiming', true), '');
  v_from uuid;
  v_to uuid;
begin
  if v_claim <> '' then
    v_from := split_part(v_claim, ':', 1)::uuid;
    v_to := split_part(v_claim, ':', 2)::uuid;
    new := old;
    if old.author_id = v_from then
      new.author_id := v_to;
    end if;
    new.body := replace(old.body, '<@' || v_from::text || '>', '<@' || v_to::text || '>');
    new.mentions := array_replace(old.mentions, v_from, v_to);
    return new;
  end if;
  -- retention: an account being deleted (chorus.deleting_account) loses authorship, nothing else
  if old.author_id is not null and new.author_id is null
    and current_setting('chorus.deleting_account', true) = old.author_id::text then
    new := old;
    new.author_id := null;
    return new;
  end if;
  if old.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  end if;
  new.id := old.id;
  new.channel_id := old.channel_id;
  new.seq := old.seq;
  new.author_id := old.author_id;
  new.created_at := old.created_at;
  -- moderation: removing or restoring sets the text as given, nothing else
  if new.removed_at is distinct from old.removed_at then
    new.edited_at := old.edited_at;
    new.deleted_at := null;
    return new;
  end if;
  if old.removed_at is not null then
    raise exception using errcode = '42501', message = 'This message was removed by an admin.';
  end if;
  if new.deleted_at is not null then
    new.deleted_at := now();
    new.body := '';
    new.mentions := '{}';
    return new;
  end if;
  if new.body is distinct from old.body then
    new.body := private.clean_body(new.body);
    if private.is_blank(new.body)
      and not exists (select 1 from public.attachments a where a.message_id = old.id) then
      raise exception using errcode = '23514',
        message = 'Message is empty.',
        hint = 'Delete the message instead.';
    end if;
    new.mentions := private.checked_mentions(old.channel_id, private.mentioned_ids(new.body), old.mentions);
    if new.body is distinct from old.body then
      new.edited_at := now();
    end if;
  else
    new.mentions := old.mentions;
    new.edited_at := old.edited_at;
  end if;
  return new;
end
$$;

create or replace function private.messages_keep_version()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  -- a claim's rewrite of a mention is no edit
  if coalesce(current_setting('chorus.claiming', true), '') <> '' then
    return null;
  end if;
  insert into public.message_versions (message_id, channel_id, body, written_at, replaced_at)
  values (old.id, old.channel_id, old.body, coalesce(old.edited_at, old.created_at),
    coalesce(new.edited_at, now()));
  return null;
end
$$;

-- A claim moves the placeholder's memberships of archived channels too.
create or replace function private.channel_members_before_insert()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  ch record;
begin
  select c.workspace_id, c.last_seq, c.archived_at into ch
  from public.channels c where c.id = new.channel_id;
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.';
  end if;
  if ch.archived_at is not null and (select auth.uid()) is not null
    and coalesce(current_setting('chorus.claiming', true), '') = ''
    and new.channel_id in (select private.visible_channel_ids()) then
    raise exception using errcode = '22023', message = 'This channel is archived; nobody can join it.';
  end if;
  new.workspace_id := ch.workspace_id;
  -- What was said before joining is history, not unread.
  new.last_read_seq := ch.last_seq;
  new.joined_at := now();
  return new;
end
$$;

-- Everything of placeholder p_from becomes p_to's, in workspace p_workspace, and the placeholder
-- is deleted. p_to is already a member of the workspace. Per-row live events of the messages are
-- skipped (chorus.importing = 'bulk'); the member list's change is live, the rest shows on the
-- next fetch.
create function private.import_placeholder_claim(p_workspace uuid, p_from uuid, p_to uuid)
returns integer language plpgsql security definer set search_path = '' as $$
declare
  v_name text;
  v_messages integer;
  v_importing text := coalesce(current_setting('chorus.importing', true), '');
  c record;
  v_key text;
begin
  select p.display_name into v_name from public.profiles p
  where p.id = p_from and p.is_placeholder for update;
  if not found then
    return 0;
  end if;
  perform set_config('chorus.claiming', p_from::text || ':' || p_to::text, true);
  perform set_config('chorus.importing', 'bulk', true);
  update public.messages m set author_id = p_to
  where m.author_id = p_from
    or (m.channel_id in (select ch.id from public.channels ch where ch.workspace_id = p_workspace)
      and (p_from = any (m.mentions) or m.body like '%<@' || p_from::text || '>%'));
  get diagnostics v_messages = row_count;
  perform set_config('chorus.importing', v_importing, true);
  update private.message_search s set folded = private.search_text(m.id, m.body)
  from public.messages m
  where s.message_id = m.id and m.deleted_at is null
    and m.channel_id in (select ch.id from public.channels ch where ch.workspace_id = p_workspace)
    and m.body like '%<@' || p_to::text || '>%';
  -- reactions (one the account made already stays once)
  delete from public.reactions r
  where r.user_id = p_from and exists (select 1 from public.reactions x
    where x.message_id = r.message_id and x.user_id = p_to and x.emoji = r.emoji);
  update public.reactions r set user_id = p_to where r.user_id = p_from;
  update public.attachments a set uploader_id = p_to where a.uploader_id = p_from;
  update public.channels ch set created_by = p_to where ch.created_by = p_from;
  update public.pins pn set pinned_by = p_to where pn.pinned_by = p_from;
  update public.threads t set last_repliers = array_replace(t.last_repliers, p_from, p_to)
  where p_from = any (t.last_repliers) and t.channel_id in (select ch.id from public.channels ch
    where ch.workspace_id = p_workspace);
  -- memberships: the channels (archived ones too) and threads the placeholder was in
  insert into public.channel_members (channel_id, workspace_id, user_id)
  select cm.channel_id, cm.workspace_id, p_to
  from public.channel_members cm where cm.user_id = p_from
  on conflict (channel_id, user_id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
  select tm.thread_id, p_to, tm.channel_id, tm.following, tm.last_read_seq
  from public.thread_members tm where tm.user_id = p_from
  on conflict (thread_id, user_id) do nothing;
  -- a direct message's key names its people: the account instead of the placeholder, unless the
  -- account has that direct message already
  for c in select ch.id from public.channels ch
    join public.channel_members cm on cm.channel_id = ch.id and cm.user_id = p_from
    where ch.kind = 'dm' and ch.workspace_id = p_workspace loop
    select array_to_string(array_agg(distinct u.user_id order by u.user_id), ',') into v_key
    from public.channel_members u where u.channel_id = c.id and u.user_id <> p_from;
    if v_key is not null and not exists (select 1 from public.channels x
      where x.workspace_id = p_workspace and x.kind = 'dm' and x.dm_key = v_key) then
      update public.channels x set dm_key = v_key where x.id = c.id;
    end if;
  end loop;
  perform set_config('chorus.claiming', '', true);
  insert into private.import_claims (workspace_id, slack_id, account_id)
  select ph.workspace_id, ph.slack_id, p_to from private.import_placeholders ph
  where ph.profile_id = p_from
  on conflict do nothing;
  delete from public.profiles p where p.id = p_from and p.is_placeholder;
  perform private.audit(p_workspace, 'import.claimed', 'profile', p_from::text, v_name,
    jsonb_build_object('account', p_to, 'messages', v_messages));
  return v_messages;
end
$$;
revoke all on function private.import_placeholder_claim(uuid, uuid, uuid) from public, anon, authenticated;

-- Accepting an email invitation that an owner made after an import, signed in as the account
-- whose verified address it names, claims the workspace's placeholders of that address (also for
-- a member already in the workspace). A guest's invitation claims nothing (the placeholder's
-- channels are more than a guest's).
create or replace function public.accept_invite(p_token text)
returns public.workspaces language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  inv public.invites;
  account record;
  ws public.workspaces;
  v_member boolean;
  v_claims uuid[];
  v_from uuid;
begin
  select * into inv from public.invites i where i.token = coalesce(p_token, '') for update;
  if not found then
    raise exception using errcode = '22023',
      message = 'This invite link is not valid.', hint = 'Ask for a new invite.';
  end if;
  select * into ws from public.workspaces w where w.id = inv.workspace_id;
  v_member := exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = inv.workspace_id and wm.user_id = uid and wm.left_at is null
  );
  if inv.email is not null and inv.role <> 'guest' then
    v_claims := array(
      select ph.profile_id from private.import_placeholders ph
      join public.imports i on i.id = ph.import_id and i.status = 'done'
      where ph.workspace_id = inv.workspace_id and ph.email = inv.email and ph.active
        and i.finished_at <= inv.created_at
        and exists (select 1 from public.workspace_members o
          where o.workspace_id = inv.workspace_id and o.user_id = inv.created_by
            and o.role = 'owner' and o.left_at is null)
      order by ph.created_at);
  end if;
  if v_member and coalesce(cardinality(v_claims), 0) = 0 then
    return ws;
  end if;
  if inv.expires_at <= now() then
    raise exception using errcode = '22023',
      message = 'This invite has expired.', hint = 'Ask for a new invite.';
  end if;
  if inv.max_uses is not null and inv.use_count >= inv.max_uses then
    raise exception using errcode = '22023',
      message = 'This invite has already been used.', hint = 'Ask for a new invite.';
  end if;
  if inv.email is not null then
    select u.email, u.email_confirmed_at into account from auth.users u where u.id = uid;
    if account.email_confirmed_at is null or lower(coalesce(account.email, '')) <> inv.email then
      raise exception using errcode = '42501',
        message = 'This invite was sent to another email address.',
        detail = format('It is for %s.', inv.email),
        hint = 'Sign in with that address, or ask for an invite link.';
    end if;
  end if;
  if inv.role = 'guest' and not exists (
    select 1 from public.channels c
    where c.id = any (inv.channel_ids) and c.workspace_id = inv.workspace_id and c.archived_at is null
  ) then
    raise exception using errcode = '22023',
      message = 'The channels of this invite are archived or gone.', hint = 'Ask for a new invite.';
  end if;

  perform private.lock_workspace(inv.workspace_id);
  if not v_member then
    insert into public.workspace_members (workspace_id, user_id, role, guest_kind)
    values (inv.workspace_id, uid, inv.role, inv.guest_kind)
    on conflict (workspace_id, user_id)
    do update set role = excluded.role, guest_kind = excluded.guest_kind, left_at = null, joined_at = now();
    insert into public.channel_members (channel_id, user_id)
    select c.id, uid from public.channels c
    where c.workspace_id = inv.workspace_id and c.archived_at is null
      and case when inv.role = 'guest' then c.id = any (inv.channel_ids) else c.is_default end
    on conflict (channel_id, user_id) do nothing;
  end if;
  update public.invites i set use_count = i.use_count + 1 where i.id = inv.id;
  foreach v_from in array coalesce(v_claims, '{}') loop
    perform private.import_placeholder_claim(inv.workspace_id, v_from, uid);
  end loop;
  return ws;
end
$$;

-- The people of a done import its owners may invite (to claim their placeholders): the
-- placeholders it made or met that are unclaimed, active and have an address, without a pending
-- email invite to the workspace. user_id is the placeholder's profile.
create or replace function public.import_invitees(p_import uuid)
returns table (user_id uuid, email text)
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.imports;
begin
  perform private.require_uid();
  select * into v from public.imports i where i.id = p_import;
  if not found or private.workspace_role(v.workspace_id) is distinct from 'owner' then
    raise exception using errcode = '42501',
      message = 'Only the workspace''s owners can invite the people of its imports.';
  end if;
  if v.status <> 'done' then
    raise exception using errcode = '22023',
      message = 'The import is not done.', hint = 'Invite its people once it is done.';
  end if;
  return query
  select distinct on (ph.email) ph.profile_id, ph.email
  from private.import_people ip
  join private.import_placeholders ph on ph.profile_id = ip.user_id
  where ip.import_id = p_import and ph.email is not null and ph.active
    and not exists (
      select 1 from public.invites i
      where i.workspace_id = v.workspace_id and i.email = ph.email
        and i.expires_at > now() and i.use_count < coalesce(i.max_uses, 1)
    )
  order by ph.email, ph.created_at;
end
$$;

-- Invitations go out only after the import, as the owner's own action (import_invitees, then
-- invite-by-email {import_id}): an import started "with invitations" is refused.
create or replace function public.start_import(p_workspace uuid, p_path text, p_invite boolean)
returns public.imports language plpgsql security definer set search_path = '' as $$
declare
  v_import public.imports;
begin
  if coalesce(p_invite, false) then
    raise exception using errcode = '22023',
      message = 'An import emails nobody.',
      hint = 'When it is done, invite its people from the import''s summary.';
  end if;
  v_import := public.start_import(p_workspace, p_path);
  insert into private.import_invitations (import_id, invite) values (v_import.id, false);
  return v_import;
end
$$;

-- An undone import deletes the placeholders it made.
create or replace function private.import_undo(p_import uuid, p_status text, p_error text)
returns public.imports language plpgsql security definer set search_path = '' as $$
declare
  v public.imports;
begin
  select * into v from public.imports i
  where i.id = p_import and i.status in ('queued', 'running') for update;
  if v.id is null then
    return null;
  end if;
  perform set_config('chorus.importing', 'on', true);
  insert into private.retention_files (bucket_id, name)
  select a.bucket_id, a.path from public.attachments a
  where a.channel_id in (select ic.channel_id from private.import_channels ic
    where ic.import_id = p_import and not ic.existing)
  union
  select 'attachments', f ->> 'path'
  from private.import_staged st, jsonb_array_elements(st.files) f
  where st.import_id = p_import
    and not exists (select 1 from public.attachments a where a.path = f ->> 'path');
  delete from private.import_staged st where st.import_id = p_import;
  delete from public.channels c
  where c.id in (select ic.channel_id from private.import_channels ic
    where ic.import_id = p_import and not ic.existing);
  delete from public.workspace_members wm
  using private.import_people ip
  where ip.import_id = p_import and ip.added and wm.workspace_id = v.workspace_id
    and wm.user_id = ip.user_id;
  delete from public.invites inv
  using private.import_people ip
  join auth.users u on u.id = ip.user_id
  where ip.import_id = p_import and ip.created and inv.workspace_id = v.workspace_id
    and inv.email = lower(u.email);
  -- the placeholders it made (with their memberships)
  delete from public.profiles p
  using private.import_people ip
  where ip.import_id = p_import and ip.created and p.id = ip.user_id and p.is_placeholder;
  update public.imports i
  set status = p_status, error = p_error, finished_at = now(), heartbeat_at = now()
  where i.id = p_import
  returning * into v;
  perform set_config('chorus.importing', 'off', true);
  perform private.audit(v.workspace_id, 'import.' || p_status, 'import', v.id::text,
    split_part(v.source_path, '/', 2),
    jsonb_strip_nulls(jsonb_build_object('error', p_error, 'messages', v.messages_done)));
  perform private.kick_retention_files();
  return v;
end
$$;

-- A batch's reactions: one a claimed person's account has already is not added again.
create or replace function private.import_insert(p_import uuid, p_workspace uuid, p_rows jsonb,
  p_reactions jsonb, p_files jsonb, out messages integer, out files integer)
returns record language plpgsql security definer set search_path = '' as $$
begin
  perform set_config('chorus.importing', 'on', true);
  create temporary table if not exists import_batch (
    ord integer, id uuid, channel_id uuid, author_id uuid, body text, parent_id uuid,
    in_channel boolean, created_at timestamptz, edited_at timestamptz, deleted boolean,
    mentions uuid[], seq bigint, thread_seq bigint
  ) on commit drop;
  truncate pg_temp.import_batch;
  insert into pg_temp.import_batch (ord, id, channel_id, author_id, body, parent_id, in_channel,
    created_at, edited_at, deleted)
  select distinct on (r.id) r.ord::integer, r.id, r.channel_id, r.author_id,
    left(coalesce(r.body, ''), 4000), r.parent_id, coalesce(r.in_channel, false),
    coalesce(r.created_at, now()), r.edited_at, coalesce(r.deleted, false)
  from rows from (jsonb_to_recordset(p_rows) as (id uuid, channel_id uuid, author_id uuid,
    body text, parent_id uuid, in_channel boolean, created_at timestamptz, edited_at timestamptz,
    deleted boolean)) with ordinality as r(id, channel_id, author_id, body, parent_id, in_channel,
    created_at, edited_at, deleted, ord)
  where r.id is not null
    and r.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import)
    and not exists (select 1 from public.messages m where m.id = r.id)
  order by r.id, r.ord;
  perform 1 from public.channels c
  where c.id in (select distinct b.channel_id from pg_temp.import_batch b)
  order by c.id for no key update;
  update pg_temp.import_batch b set parent_id = null
  where b.parent_id is not null and not (
    exists (select 1 from public.messages p where p.id = b.parent_id and p.parent_id is null
      and p.channel_id = b.channel_id)
    or exists (select 1 from pg_temp.import_batch q where q.id = b.parent_id
      and q.parent_id is null and q.channel_id = b.channel_id and q.ord < b.ord));
  update pg_temp.import_batch b
  set body = case when b.deleted then '' else private.clean_body(b.body) end,
    in_channel = b.parent_id is null or b.in_channel;
  update pg_temp.import_batch b
  set mentions = coalesce((
    select array_agg(distinct u) from unnest(private.mentioned_ids(b.body)) u
    join public.workspace_members wm on wm.workspace_id = p_workspace and wm.user_id = u
  ), '{}')
  where b.body like '%<@%';
  update pg_temp.import_batch b set mentions = '{}' where b.mentions is null;
  update pg_temp.import_batch b
  set seq = n.base + n.k
  from (
    select q.id, row_number() over (partition by q.channel_id order by q.ord) as k,
      greatest(c.last_seq, coalesce((
        select m.seq from public.messages m
        where m.channel_id = q.channel_id and m.in_channel order by m.seq desc limit 1
      ), 0)) as base
    from pg_temp.import_batch q
    join public.channels c on c.id = q.channel_id
    where q.in_channel
  ) as n
  where b.id = n.id;
  perform 1 from public.threads t
  where t.id in (select distinct b.parent_id from pg_temp.import_batch b where b.parent_id is not null)
  order by t.id for no key update;
  update pg_temp.import_batch b
  set thread_seq = n.base + n.k
  from (
    select q.id, row_number() over (partition by q.parent_id order by q.ord) as k,
      greatest(coalesce(t.last_seq, 0), coalesce((
        select m.thread_seq from public.messages m
        where m.parent_id = q.parent_id order by m.thread_seq desc limit 1
      ), 0)) as base
    from pg_temp.import_batch q
    left join public.threads t on t.id = q.parent_id
    where q.parent_id is not null
  ) as n
  where b.id = n.id;

  perform set_config('chorus.importing', 'bulk', true);
  insert into public.messages (id, channel_id, author_id, body, mentions, parent_id, in_channel,
    seq, thread_seq, created_at, edited_at, deleted_at)
  select b.id, b.channel_id, b.author_id, b.body, b.mentions, b.parent_id, b.in_channel,
    b.seq, b.thread_seq, b.created_at, b.edited_at, case when b.deleted then b.created_at end
  from pg_temp.import_batch b
  order by b.ord;
  get diagnostics messages = row_count;
  perform set_config('chorus.importing', 'on', true);

  insert into public.threads (id, channel_id)
  select distinct b.parent_id, b.channel_id from pg_temp.import_batch b where b.parent_id is not null
  on conflict (id) do nothing;
  update public.threads t
  set reply_count = t.reply_count + n.replies,
    last_seq = greatest(t.last_seq, n.last_seq),
    last_reply_at = greatest(coalesce(t.last_reply_at, n.last_at), n.last_at),
    last_repliers = coalesce((
      select array_agg(r.author_id order by r.k) from (
        select x.author_id, min(x.k) as k from (
          select q.author_id, -q.ord::bigint as k from pg_temp.import_batch q
          where q.parent_id = t.id and q.author_id is not null
          union all
          select u, o from unnest(t.last_repliers) with ordinality as p(u, o)
        ) as x group by x.author_id order by min(x.k) limit 3
      ) as r
    ), '{}')
  from (
    select b.parent_id, count(*)::integer as replies, max(b.thread_seq) as last_seq,
      max(b.created_at) as last_at
    from pg_temp.import_batch b where b.parent_id is not null group by b.parent_id
  ) as n
  where t.id = n.parent_id;
  insert into public.thread_members (thread_id, user_id, channel_id)
  select distinct b.parent_id, p.author_id, b.channel_id
  from pg_temp.import_batch b
  join public.messages p on p.id = b.parent_id
  join public.channel_members cm on cm.channel_id = b.channel_id and cm.user_id = p.author_id
  where b.parent_id is not null
  on conflict (thread_id, user_id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
  select f.parent_id, f.user_id, f.channel_id, true, max(f.read_seq)
  from (
    select b.parent_id, u as user_id, b.channel_id, 0::bigint as read_seq
    from pg_temp.import_batch b, unnest(b.mentions) as u
    where b.parent_id is not null
    union all
    select b.parent_id, b.author_id, b.channel_id, b.thread_seq
    from pg_temp.import_batch b
    where b.parent_id is not null and b.author_id is not null
  ) as f
  group by f.parent_id, f.user_id, f.channel_id
  on conflict (thread_id, user_id) do update
  set following = true,
    last_read_seq = greatest(public.thread_members.last_read_seq, excluded.last_read_seq),
    updated_at = now();
  insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
  select b.id, p_workspace, b.channel_id, b.created_at, private.search_fold(b.body)
  from pg_temp.import_batch b
  where not b.deleted
  on conflict (message_id) do nothing;

  insert into public.reactions (message_id, user_id, emoji)
  select r.message_id, r.user_id, r.emoji
  from jsonb_to_recordset(p_reactions) as r(message_id uuid, user_id uuid, emoji text)
  join public.messages m on m.id = r.message_id and m.deleted_at is null
  where m.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import)
    and not exists (select 1 from public.reactions x
      where x.message_id = r.message_id and x.user_id = r.user_id and x.emoji = r.emoji)
    -- the same reaction of the same Slack person, claimed since by an account: not again
    and not exists (select 1 from private.import_people ip
      join private.import_claims cl on cl.workspace_id = p_workspace and cl.slack_id = ip.slack_id
      join public.reactions x on x.message_id = r.message_id and x.user_id = cl.account_id
        and x.emoji = r.emoji
      where ip.import_id = p_import and ip.user_id = r.user_id)
  on conflict do nothing;
  insert into public.attachments (message_id, path, name)
  select f.message_id, f.path, f.name
  from jsonb_to_recordset(p_files) as f(message_id uuid, path text, name text)
  join public.messages m on m.id = f.message_id and m.deleted_at is null
  where m.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import)
    and exists (select 1 from storage.objects o where o.bucket_id = 'attachments' and o.name = f.path)
    and not exists (select 1 from public.attachments a where a.message_id = f.message_id and a.path = f.path);
  get diagnostics files = row_count;
end
$$;
