-- Invites: a link anyone may use until it expires, or an invitation for one email address that
-- only the account with that confirmed email can accept. Owners and admins create, list and
-- revoke them; invitees look at one with invite_preview() and join with accept_invite().

-- Unguessable tokens for invite links: 24 random bytes, base64url without padding.
create function private.new_token() returns text
language sql volatile set search_path = '' as $$
  select translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/=', '-_')
$$;

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

alter table public.invites enable row level security;

create function private.invites_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- Server-made: never trust a client's token, count or author.
  new.token := private.new_token();
  new.use_count := 0;
  new.created_at := now();
  new.created_by := coalesce((select auth.uid()), new.created_by);
  new.email := nullif(lower(btrim(coalesce(new.email, ''))), '');
  if new.email is not null then
    if new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(new.email) > 254 then
      raise exception using errcode = '22023', message = 'That is not a valid email address.';
    end if;
    new.max_uses := 1;
  end if;
  if new.role = 'owner' then
    raise exception using errcode = '22023',
      message = 'Invites are for members or admins.',
      hint = 'Make someone an owner after they join.';
  end if;
  new.expires_at := coalesce(new.expires_at, now() + interval '7 days');
  if new.expires_at < now() + interval '5 minutes' or new.expires_at > now() + interval '30 days' then
    raise exception using errcode = '22023',
      message = 'An invite must expire between 5 minutes and 30 days from now.';
  end if;
  return new;
end
$$;

create trigger invites_before_insert
  before insert on public.invites
  for each row execute function private.invites_before_insert();

-- invites: owners and admins create, list and revoke; invitees use invite_preview() and
-- accept_invite() with the token.
create policy "invites: admins read" on public.invites
  for select to authenticated
  using (workspace_id in (select private.admin_workspace_ids()));

create policy "invites: admins create" on public.invites
  for insert to authenticated
  with check (workspace_id in (select private.admin_workspace_ids()) and created_by = (select auth.uid()));

create policy "invites: admins revoke" on public.invites
  for delete to authenticated
  using (workspace_id in (select private.admin_workspace_ids()));

-- Privileges (see the foundation): anon only reads (no rows, under the policies);
-- authenticated updates only the columns a client may change.
revoke all on public.invites from anon;
grant select on public.invites to anon;
revoke truncate, references, trigger, update on public.invites from authenticated;

-- What an invite link leads to, for the page that offers to accept it (also before signing in).
-- No rows for an unknown token.
create function public.invite_preview(p_token text)
returns table (
  workspace_id uuid,
  workspace_name text,
  role public.workspace_role,
  email text,
  invited_by text,
  expires_at timestamptz,
  status text
)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, i.role, i.email, p.display_name, i.expires_at,
    case
      when exists (
        select 1 from public.workspace_members wm
        where wm.workspace_id = w.id and wm.user_id = (select auth.uid()) and wm.left_at is null
      ) then 'already_member'
      when i.expires_at <= now() then 'expired'
      when i.max_uses is not null and i.use_count >= i.max_uses then 'used'
      else 'valid'
    end
  from public.invites i
  join public.workspaces w on w.id = i.workspace_id
  left join public.profiles p on p.id = i.created_by
  where i.token = p_token
$$;

-- Joins the workspace an invite is for, and its default channels. Accepting again while a
-- member changes nothing. An email invite only works for the account with that confirmed email.
create function public.accept_invite(p_token text)
returns public.workspaces
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  inv public.invites;
  account record;
  ws public.workspaces;
begin
  select * into inv from public.invites i where i.token = coalesce(p_token, '') for update;
  if not found then
    raise exception using errcode = '22023',
      message = 'This invite link is not valid.', hint = 'Ask for a new invite.';
  end if;
  select * into ws from public.workspaces w where w.id = inv.workspace_id;
  if exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = inv.workspace_id and wm.user_id = uid and wm.left_at is null
  ) then
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

  perform private.lock_workspace(inv.workspace_id);
  insert into public.workspace_members (workspace_id, user_id, role)
  values (inv.workspace_id, uid, inv.role)
  on conflict (workspace_id, user_id)
  do update set role = excluded.role, left_at = null, joined_at = now();
  update public.invites i set use_count = i.use_count + 1 where i.id = inv.id;
  insert into public.channel_members (channel_id, user_id)
  select c.id, uid from public.channels c
  where c.workspace_id = inv.workspace_id and c.is_default and c.archived_at is null
  on conflict (channel_id, user_id) do nothing;
  return ws;
end
$$;

-- An invite link (p_email null: anyone with the link, until it expires) or an invitation for
-- one email address. Owners and admins only. Returns the row, token included.
create function public.create_invite(
  p_workspace_id uuid,
  p_email text default null,
  p_role public.workspace_role default 'member',
  p_expires_at timestamptz default null,
  p_max_uses integer default null
) returns public.invites
language plpgsql volatile set search_path = '' as $$
declare
  inv public.invites;
begin
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501', message = 'Only owners and admins can invite people.';
  end if;
  insert into public.invites (workspace_id, email, role, expires_at, max_uses, created_by)
  values (p_workspace_id, p_email, coalesce(p_role, 'member'), p_expires_at, p_max_uses, (select auth.uid()))
  returning * into inv;
  return inv;
end
$$;

-- Pending email invites for the caller's confirmed address.
create function public.my_invites()
returns table (
  id uuid,
  token text,
  workspace_id uuid,
  workspace_name text,
  role public.workspace_role,
  invited_by text,
  expires_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select i.id, i.token, w.id, w.name, i.role, p.display_name, i.expires_at
  from auth.users u
  join public.invites i on i.email = lower(u.email)
  join public.workspaces w on w.id = i.workspace_id
  left join public.profiles p on p.id = i.created_by
  where u.id = (select auth.uid()) and u.email_confirmed_at is not null
    and i.expires_at > now() and i.use_count < coalesce(i.max_uses, 2147483647)
    and not exists (
      select 1 from public.workspace_members wm
      where wm.workspace_id = i.workspace_id and wm.user_id = u.id and wm.left_at is null
    )
  order by i.created_at desc
$$;
