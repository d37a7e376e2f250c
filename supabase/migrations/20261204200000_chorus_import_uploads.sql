-- Archives up to what the README promises (issue 49, item 7): the imports bucket takes files of
-- up to 2 GiB (it said 1 GiB, under a project limit of 50 MiB, so 50 MiB held). The project's
-- [storage] file_size_limit (config.toml; on hosted Supabase the project's Storage settings) must
-- be at least as high, as it bounds every bucket's. The app uploads an archive resumably (TUS, 6 MB
-- chunks); the Slack import reads it from Storage by ranges, never whole.
update storage.buckets set file_size_limit = 2147483648 where id = 'imports';
