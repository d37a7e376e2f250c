-- One pipeline for a written message (issue 70, item 1), its second step: an update of messages
-- (an edit, a deletion, a removal or restore by an admin, a claim's rewrite) goes through the
-- same private.messages_written as an insert, from a statement-level AFTER UPDATE trigger with
-- its transition tables, in place of eleven triggers of the features. The handlers pair each row
-- with its old self by id. The order (supabase/README.md, "A written message") keeps the one the
-- triggers' names gave: a deleted message's reactions and files go first, then its versions,
-- the live events, the audit, the search index, the thread, the pin and saved items, and the
-- link previews last.

-- reactions: a deleted message's reactions go.
create function private.written_reactions(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'UPDATE' then
    return;
  end if;
  delete from public.reactions r
  using unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where r.message_id = n.id and n.deleted_at is not null and o.deleted_at is null;
end
$$;

-- attachments: a deleted message's files go (their objects by retention-files).
create function private.written_attachments(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'UPDATE' then
    return;
  end if;
  delete from public.attachments a
  using unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where a.message_id = n.id and n.deleted_at is not null and o.deleted_at is null;
end
$$;

-- message versions: an edit keeps the text it replaces (a claim's rewrite of a mention is no
-- edit); a deletion forgets them all.
create function private.written_versions(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'UPDATE' then
    return;
  end if;
  delete from public.message_versions v
  using unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where v.message_id = n.id and n.deleted_at is not null and o.deleted_at is null;
  if coalesce(current_setting('chorus.claiming', true), '') <> '' then
    return;
  end if;
  insert into public.message_versions (message_id, channel_id, body, written_at, replaced_at)
  select o.id, o.channel_id, o.body, coalesce(o.edited_at, o.created_at),
    coalesce(n.edited_at, now())
  from unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where o.body is distinct from n.body and n.deleted_at is null and o.removed_at is null
    and n.removed_at is null;
end
$$;

-- live: each message on its channel's topic as it is written (with its app's name, if any); a
-- removed or restored message's files, gone or back.
create or replace function private.written_live(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform private.live_send('live:channel:' || n.channel_id::text, 'messages', p_op, to_jsonb(n))
  from unnest(p_new) as n;
  if p_op = 'UPDATE' then
    perform private.live_send('live:channel:' || a.channel_id::text, 'attachments',
      case when n.removed_at is not null then 'DELETE' else 'INSERT' end, to_jsonb(a))
    from unnest(p_new) as n
    join unnest(p_old) as o on o.id = n.id
    join public.attachments a on a.message_id = n.id
    where n.removed_at is distinct from o.removed_at;
  end if;
end
$$;

-- audit: an admin's removal or restore of a message.
create function private.written_audit(p_op text, p_new public.messages[], p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'UPDATE' then
    return;
  end if;
  perform private.audit(c.workspace_id,
    case when n.removed_at is not null then 'message.removed' else 'message.restored' end,
    'message', n.id::text, private.person_label(n.author_id),
    jsonb_build_object('channel_id', c.id, 'channel', c.name, 'author_id', n.author_id))
  from unnest(p_new) as n
  join unnest(p_old) as o on o.id = n.id
  join public.channels c on c.id = n.channel_id
  where n.removed_at is distinct from o.removed_at;
end
$$;

-- search: a new message's folded text in the index, an edited one's refolded, a deleted one's out.
create or replace function private.written_search(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op = 'INSERT' then
    insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
    select n.id, c.workspace_id, n.channel_id, n.created_at, private.search_text(n.id, n.body)
    from unnest(p_new) as n
    join public.channels c on c.id = n.channel_id
    where n.deleted_at is null
    on conflict (message_id) do nothing;
    return;
  end if;
  delete from private.message_search s
  using unnest(p_new) as n
  where s.message_id = n.id and n.deleted_at is not null;
  update private.message_search s set folded = private.search_text(n.id, n.body)
  from unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where s.message_id = n.id and n.deleted_at is null and n.body is distinct from o.body;
end
$$;

-- threads: a thread whose reply is deleted is counted again.
create or replace function private.written_threads(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op = 'UPDATE' then
    perform private.refresh_thread(d.parent_id)
    from (
      select distinct n.parent_id
      from unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
      where n.parent_id is not null and n.deleted_at is not null and o.deleted_at is null
    ) as d;
    return;
  end if;
  update public.threads t
  set reply_count = t.reply_count + n.replies,
    last_seq = greatest(t.last_seq, n.last_seq),
    last_reply_at = greatest(coalesce(t.last_reply_at, n.last_at), n.last_at),
    last_repliers = coalesce((
      -- the newest reply's author first, then the others by their newest reply, then those
      -- already named, three at most
      select array_agg(r.author_id order by r.k) from (
        select x.author_id, min(x.k) as k from (
          select q.author_id, -q.thread_seq as k from unnest(p_new) as q
          where q.parent_id = t.id and q.author_id is not null
          union all
          select u, o from unnest(t.last_repliers) with ordinality as p(u, o)
        ) as x group by x.author_id order by min(x.k) limit 3
      ) as r
    ), '{}')
  from (
    select q.parent_id, count(*)::integer as replies, max(q.thread_seq) as last_seq,
      max(q.created_at) as last_at
    from unnest(p_new) as q where q.parent_id is not null group by q.parent_id
  ) as n
  where t.id = n.parent_id;

  insert into public.thread_members (thread_id, user_id, channel_id)
  select distinct q.parent_id, p.author_id, q.channel_id
  from unnest(p_new) as q
  join public.messages p on p.id = q.parent_id
  join public.channel_members cm on cm.channel_id = q.channel_id and cm.user_id = p.author_id
  where q.parent_id is not null
  on conflict (thread_id, user_id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following)
  select distinct q.parent_id, u, q.channel_id, true
  from unnest(p_new) as q, unnest(q.mentions) as u
  where q.parent_id is not null
  on conflict (thread_id, user_id) do update set following = true, updated_at = now()
  where not public.thread_members.following;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
  select q.parent_id, q.author_id, q.channel_id, true, max(q.thread_seq)
  from unnest(p_new) as q
  where q.parent_id is not null and q.author_id is not null
  group by q.parent_id, q.author_id, q.channel_id
  on conflict (thread_id, user_id) do update
  set following = true,
    last_read_seq = greatest(public.thread_members.last_read_seq, excluded.last_read_seq),
    updated_at = now();
end
$$;

-- pins: a deleted message is unpinned.
create function private.written_pins(p_op text, p_new public.messages[], p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'UPDATE' then
    return;
  end if;
  delete from public.pins p
  using unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where p.message_id = n.id and n.deleted_at is not null and o.deleted_at is null;
end
$$;

-- saved items: a deleted message leaves everyone's saved items.
create function private.written_saved(p_op text, p_new public.messages[], p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'UPDATE' then
    return;
  end if;
  delete from public.saved_items si
  using unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where si.message_id = n.id and n.deleted_at is not null and o.deleted_at is null;
end
$$;

-- link previews: a deleted message's previews go; the links of the newest 20 new or edited
-- messages (or edited ones that had previews) asked for once.
create or replace function private.written_link_previews(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op = 'INSERT' then
    if private.importing() then
      return;
    end if;
    perform private.request_link_previews(array(
      select n.id from unnest(p_new) as n
      where n.deleted_at is null and n.body ~* 'https?://'
      order by n.created_at desc, n.id
      limit 20
    ));
    return;
  end if;
  delete from public.link_previews p
  using unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where p.message_id = n.id and n.deleted_at is not null and o.deleted_at is null;
  perform private.request_link_previews(array(
    select n.id from unnest(p_new) as n
    join unnest(p_old) as o on o.id = n.id
    where n.deleted_at is null and n.body is distinct from o.body
      and (n.body ~* 'https?://'
        or exists (select 1 from public.link_previews p where p.message_id = n.id))
    order by n.created_at desc, n.id
    limit 20
  ));
end
$$;

-- The pipeline, for inserts and updates.
create or replace function private.messages_written(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
declare
  -- An import's batch (private.import_insert), numbered, threaded and indexed by the import
  -- itself, or a claim's rewrite of a placeholder's messages (import_placeholder_claim), which
  -- refolds their search text itself: only the channels' counts are kept here.
  bulk boolean := coalesce(current_setting('chorus.importing', true), '') = 'bulk';
begin
  if not bulk then
    perform private.written_reactions(p_op, p_new, p_old);
    perform private.written_attachments(p_op, p_new, p_old);
    perform private.written_versions(p_op, p_new, p_old);
    perform private.written_live(p_op, p_new, p_old);
    perform private.written_audit(p_op, p_new, p_old);
    perform private.written_email_queue(p_op, p_new, p_old);
    perform private.written_events(p_op, p_new, p_old);
    perform private.written_push(p_op, p_new, p_old);
    perform private.written_search(p_op, p_new, p_old);
    perform private.written_threads(p_op, p_new, p_old);
    perform private.written_thread_live(p_op, p_new, p_old);
    perform private.written_pins(p_op, p_new, p_old);
    perform private.written_saved(p_op, p_new, p_old);
  end if;
  perform private.written_message_numbers(p_op, p_new, p_old);
  if not bulk then
    perform private.written_link_previews(p_op, p_new, p_old);
  end if;
end
$$;

create function private.messages_written_update()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform private.messages_written(tg_op,
    array(select row(n.*)::public.messages from new_rows as n),
    array(select row(o.*)::public.messages from old_rows as o));
  return null;
end
$$;

revoke all on function private.written_reactions(text, public.messages[], public.messages[]),
  private.written_attachments(text, public.messages[], public.messages[]),
  private.written_versions(text, public.messages[], public.messages[]),
  private.written_audit(text, public.messages[], public.messages[]),
  private.written_pins(text, public.messages[], public.messages[]),
  private.written_saved(text, public.messages[], public.messages[]),
  private.messages_written_update()
  from public, anon, authenticated, service_role;

drop trigger messages_after_delete_mark on public.messages;
drop trigger messages_forget_versions on public.messages;
drop trigger messages_keep_version on public.messages;
drop trigger messages_link_previews_update on public.messages;
drop trigger messages_live on public.messages;
drop trigger messages_removal_audit on public.messages;
drop trigger messages_removal_live on public.messages;
drop trigger messages_search_write on public.messages;
drop trigger messages_thread_after_update on public.messages;
drop trigger messages_unpin_deleted on public.messages;
drop trigger messages_unsave_deleted on public.messages;

drop function private.messages_after_delete_mark();
drop function private.messages_forget_versions();
drop function private.messages_keep_version();
drop function private.messages_link_previews_update();
drop function private.live_message();
drop function private.audit_message_removals();
drop function private.live_message_removals();
drop function private.message_search_write();
drop function private.messages_thread_after_update();
drop function private.messages_unpin_deleted();
drop function private.messages_unsave_deleted();

create trigger messages_written_update after update on public.messages
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.messages_written_update();
