// Moderation (issue 35, part 4): the workspace menu's Reports screen (owners and admins) and the
// words for a workspace I was suspended from (feature.ts: slots/workspace.ts); reporting, "Removed
// by an admin" and restoring are in the message screen's slot (message-extension.tsx). Nothing
// else imports this feature.
export {}
