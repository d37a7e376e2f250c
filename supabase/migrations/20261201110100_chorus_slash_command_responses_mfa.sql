-- A command app's later ephemeral answers follow two-factor sign-in's rules, as every other
-- workspace row does (*_chorus_mfa.sql): the caller reads and dismisses their own only in the
-- channels they may read now (private.member_channel_ids() keeps to private.workspace_ids(): an
-- account with a verified factor at aal1, or a workspace that requires two-factor sign-in, reads
-- none). The RLS matrix at aal1/aal2 (rls-mfa.test.ts) found them readable at aal1.
alter policy "slash_command_responses: the caller reads" on public.slash_command_responses
  using (user_id = (select auth.uid()) and channel_id in (select private.member_channel_ids()));
alter policy "slash_command_responses: the caller dismisses" on public.slash_command_responses
  using (user_id = (select auth.uid()) and channel_id in (select private.member_channel_ids()));
