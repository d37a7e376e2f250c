-- Attachments up to 50 MiB (the project's [storage] file_size_limit): files over 6 MB upload
-- resumably (tus), so a large file survives a dropped connection.
update storage.buckets set file_size_limit = 52428800 where id = 'attachments';
