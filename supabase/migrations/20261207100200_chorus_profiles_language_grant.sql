-- A person sets their own profile's language (issue 53): the column joins display_name and
-- avatar_path among those `authenticated` may update (the policy "profiles: update own" keeps it
-- to their own row).
grant update (language) on table public.profiles to authenticated;
