-- Demo data for a fresh local database: five people (password "chorus-demo" for all), the
-- workspace "Chorus Demo" with public and private channels and direct messages, a second
-- workspace "Side Project", and a few hundred messages with markdown, mentions and reactions
-- spread over the last two weeks. Workspaces, channels and memberships are made through the
-- same RPCs the app calls, acting as each person.

-- Accounts as Supabase Auth keeps them: confirmed email, bcrypt password, an email identity.
-- Token columns are '' rather than null, as GoTrue expects.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('chorus-demo', extensions.gen_salt('bf')), now() - interval '30 days', null,
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('display_name', u.display_name),
  now() - interval '30 days', now() - interval '30 days',
  '', '', '', '', '', '', '', ''
from (values
  ('11111111-1111-4111-8111-111111111111'::uuid, 'alice@example.com', 'Alice Martin'),
  ('22222222-2222-4222-8222-222222222222'::uuid, 'bob@example.com', 'Bob Chen'),
  ('33333333-3333-4333-8333-333333333333'::uuid, 'carol@example.com', 'Carol Díaz'),
  ('44444444-4444-4444-8444-444444444444'::uuid, 'dave@example.com', 'Dave Okafor'),
  ('55555555-5555-4555-8555-555555555555'::uuid, 'erin@example.com', 'Erin Novak')
) as u (id, email, display_name);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', null, u.created_at, u.created_at
from auth.users u
where u.email like '%@example.com';

do $$
declare
  alice constant uuid := '11111111-1111-4111-8111-111111111111';
  bob constant uuid := '22222222-2222-4222-8222-222222222222';
  carol constant uuid := '33333333-3333-4333-8333-333333333333';
  dave constant uuid := '44444444-4444-4444-8444-444444444444';
  erin constant uuid := '55555555-5555-4555-8555-555555555555';
  demo uuid;
  side uuid;
  link text;
  general uuid;
  random uuid;
  engineering uuid;
  leadership uuid;
  alice_carol uuid;
  trio uuid;
  side_general uuid;

  samples constant text[] := array[
    'Good morning everyone! ☀️',
    'Reminder: **standup** at 10:00, same room as always.',
    'Has anyone seen the _latest_ numbers from the survey?',
    'Shipped! 🚀 The new sidebar is live for everyone.',
    e'Here is the snippet we talked about:\n```ts\nconst total = items.reduce((sum, item) => sum + item.price, 0)\n```',
    'Run `npm start` and the whole stack comes up locally.',
    e'> The best way to predict the future is to invent it.\n\nAgreed 💯',
    e'Plan for this week:\n- review the open pull requests\n- update the onboarding docs\n- ~~migrate the old API~~ done!',
    'The docs are here: [Supabase guides](https://supabase.com/docs)',
    e'Release checklist:\n1. pull `main`\n2. run the tests\n3. tag the release',
    '~~Friday~~ Thursday works better for the demo.',
    'Lunch? 🍜',
    'I pushed a fix for the flaky test, *finally*.',
    'Can we move the retro to 3pm?',
    'Nice work on the release notes 👏',
    e'Quick poll: tabs or spaces?\n- 👍 tabs\n- 🎉 spaces',
    'Heads up: the staging database restarts at 18:00 UTC.',
    'Coffee machine on floor 2 is fixed ☕',
    'Reading list: *Designing Data-Intensive Applications*, chapter 5 on replication.',
    'Does anyone have the link to the design file?',
    'Thanks, that did the trick!',
    'I will be out tomorrow afternoon, ping me before noon.',
    e'**Incident summary**\n\nThe queue backed up for ~10 minutes. Root cause: a missing index. Fixed in `#4821`.',
    'Welcome to the channel! 👋'
  ];
  replies constant text[] := array[
    'Good question: I looked into it yesterday.',
    'Agreed, let''s do that.',
    'I can take this one.',
    'See the notes in **the doc**; the short answer is yes.',
    'Done, it''s merged.',
    'Thanks! 🙏'
  ];
  asks constant text[] := array[
    'can you take a look when you have a minute?',
    'what do you think?',
    'thanks for the help earlier!',
    'are you joining the call?',
    'could you review my pull request?'
  ];
begin
  -- Alice founds the workspace; Bob, Carol and Dave join through an invite link.
  perform set_config('request.jwt.claims', json_build_object('sub', alice, 'role', 'authenticated')::text, true);
  demo := (public.create_workspace('Chorus Demo', 'chorus-demo')).id;
  insert into public.invites (workspace_id, role) values (demo, 'member') returning token into link;
  insert into public.invites (workspace_id, email, role) values (demo, 'frank@example.com', 'member');

  perform set_config('request.jwt.claims', json_build_object('sub', bob, 'role', 'authenticated')::text, true);
  perform public.accept_invite(link);
  perform set_config('request.jwt.claims', json_build_object('sub', carol, 'role', 'authenticated')::text, true);
  perform public.accept_invite(link);
  perform set_config('request.jwt.claims', json_build_object('sub', dave, 'role', 'authenticated')::text, true);
  perform public.accept_invite(link);

  perform set_config('request.jwt.claims', json_build_object('sub', alice, 'role', 'authenticated')::text, true);
  perform public.set_member_role(demo, bob, 'admin');
  select c.id into general from public.channels c where c.workspace_id = demo and c.is_default;
  -- #random came with the workspace, and everyone joined it as they joined (a database from
  -- before 20261213100000_chorus_first_steps, as a migration test seeds, makes it here).
  select c.id into random from public.channels c where c.workspace_id = demo and c.name = 'random';
  if random is null then
    random := (public.create_channel(demo, 'random', 'public', 'Off-topic, links and cat pictures', array[bob, carol, dave])).id;
  else
    perform public.update_channel(random, null, 'Off-topic, links and cat pictures');
  end if;
  leadership := (public.create_channel(demo, 'leadership', 'private', 'Planning and hiring (private)', array[bob])).id;
  alice_carol := (public.open_dm(demo, array[carol])).id;

  perform set_config('request.jwt.claims', json_build_object('sub', bob, 'role', 'authenticated')::text, true);
  engineering := (public.create_channel(demo, 'engineering', 'public', 'Code, reviews and deploys', array[alice, dave])).id;
  trio := (public.open_dm(demo, array[alice, carol])).id;

  -- Erin's workspace, which Alice also belongs to: Bob, Carol and Dave never see any of it.
  perform set_config('request.jwt.claims', json_build_object('sub', erin, 'role', 'authenticated')::text, true);
  side := (public.create_workspace('Side Project', 'side-project')).id;
  insert into public.invites (workspace_id, role) values (side, 'member') returning token into link;
  perform set_config('request.jwt.claims', json_build_object('sub', alice, 'role', 'authenticated')::text, true);
  perform public.accept_invite(link);
  select c.id into side_general from public.channels c where c.workspace_id = side and c.is_default;

  -- Messages are written as the system (no caller) so they can carry past timestamps; the
  -- triggers still number them, check mentions and clean bodies.
  perform set_config('request.jwt.claims', '', true);

  insert into public.messages (channel_id, author_id, body, created_at)
  select ch.id, ch.members[1 + (i * 7) % cardinality(ch.members)],
    case when i % 8 = 0 then
      '<@' || ch.members[1 + (i * 7 + 1) % cardinality(ch.members)] || '> ' || asks[1 + i % cardinality(asks)]
    else samples[1 + (i * 5 + ch.shift) % cardinality(samples)] end,
    now() - interval '14 days' + (i * interval '14 days' / (ch.total + 1))
  from (values
    (general, array[alice, bob, carol, dave], 120, 0),
    (random, array[alice, bob, carol, dave], 60, 3),
    (engineering, array[bob, alice, dave], 80, 7),
    (leadership, array[alice, bob], 20, 11),
    (alice_carol, array[alice, carol], 20, 13),
    (trio, array[bob, alice, carol], 15, 17),
    (side_general, array[erin, alice], 12, 19)
  ) as ch (id, members, total, shift)
  cross join lateral generate_series(1, ch.total) as i
  order by ch.id, i;

  -- A few threads under messages of #general and #engineering, replies minutes apart; the
  -- repliers and the parents' authors follow them (triggers), each with one to three replies
  -- left unread (thread ids are random, so the count cannot be left to a hash alone).
  insert into public.messages (channel_id, author_id, body, created_at, parent_id)
  select p.channel_id, p.repliers[1 + r % cardinality(p.repliers)],
    replies[1 + (r + p.shift) % cardinality(replies)],
    p.created_at + r * interval '7 minutes', p.id
  from (
    select m.id, m.channel_id, m.created_at, t.repliers, t.shift, t.total
    from (values
      (general, 100, array[bob, carol, dave, alice], 0, 6),
      (general, 112, array[alice, dave], 1, 3),
      (engineering, 70, array[alice, dave, bob], 2, 5)
    ) as t (channel, at_seq, repliers, shift, total)
    join public.messages m on m.channel_id = t.channel and m.seq = t.at_seq
  ) as p
  cross join lateral generate_series(1, p.total) as r
  order by p.channel_id, p.created_at, r;

  update public.thread_members tm
  set last_read_seq = greatest(t.last_seq - 1 - abs(hashtext(tm.user_id::text || t.id::text)) % 3, 0)
  from public.threads t
  where t.id = tm.thread_id;

  -- Reactions from members on about a quarter of the messages.
  insert into public.reactions (message_id, user_id, emoji)
  select m.id, cm.user_id, (array['👍', '🎉', '❤️', '😂', '👀', '🚀'])[1 + abs(hashtext(m.id::text || cm.user_id::text)) % 6]
  from public.messages m
  join public.channel_members cm on cm.channel_id = m.channel_id
  where abs(hashtext(m.id::text)) % 4 = 0 and abs(hashtext(cm.user_id::text || m.id::text)) % 3 = 0
    and cm.user_id is distinct from m.author_id;

  -- Everyone has read most of their channels, leaving a few unread here and there, and always
  -- one to five in #general, so that everyone opens to something new whatever the ids.
  update public.channel_members cm
  set last_read_seq = greatest(c.last_seq - case when c.name = 'general'
      then 1 + abs(hashtext(cm.user_id::text || c.id::text)) % 5
      else abs(hashtext(cm.user_id::text || c.id::text)) % 6 end, 0)
  from public.channels c
  where c.id = cm.channel_id;
end
$$;

-- Notification emails on the local stack (supabase/README.md, Notification emails): the demo
-- history above is not news, so none of it is emailed. The jobs find the functions in Vault
-- (project_url, publishable_key), which the stack stores on every start, seeded or not
-- (backend/src/stack/function-endpoint.ts); on a hosted project `npm run deploy` stores them.
delete from private.email_queue;
