-- Any file type may be shared (issue 68, item 4): the attachments bucket's allow-list of about
-- 35 types refused archives, design files, logs, source files and anything without a known type.
-- A file is shown inline only where that is safe (images the app previews); everything else is a
-- download card. Nothing stored runs on the app's origin: Storage serves HTML as text/plain and
-- every object but a PDF under `Content-Security-Policy: sandbox` (backend/src/storage/
-- http-object.ts), and the app's download links ask for `Content-Disposition: attachment`.
update storage.buckets set allowed_mime_types = null where id = 'attachments';
