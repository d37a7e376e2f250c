// Which file of supabase/schema/ an object of the database goes to: its subject, read from its
// name. The rule is written out in supabase/schema/README.md; keep the two together. A subject is
// named as the feature it belongs to is (its app folder, app/src/features/<name>, as in
// ARCHITECTURE.md's "Where each feature lives"), where there is one.

export interface Subject {
  /** The file's name without `.sql`. */
  name: string
  /** Words of an object's name that put it here (a plural or singular form matches too). */
  words: string[]
}

/**
 * In order: the first subject one of whose words is a word of the name wins (a name's words are
 * its parts between `_`, spaces and other punctuation). `live_saved_items` is live, not saved;
 * `messages_thread_after_insert` threads, not messages; `search_messages` search.
 */
export const SUBJECTS: readonly Subject[] = [
  { name: 'audit', words: ['audit'] },
  { name: 'analytics', words: ['analytics'] },
  { name: 'live', words: ['live', 'realtime', 'topic'] },
  { name: 'search', words: ['search'] },
  { name: 'webhooks', words: ['webhook', 'integration'] },
  { name: 'slash-commands', words: ['slash'] },
  { name: 'groups', words: ['group'] },
  { name: 'guests', words: ['guest'] },
  { name: 'bots', words: ['bot'] },
  { name: 'events', words: ['event'] },
  { name: 'retention', words: ['retention', 'deactivated'] },
  { name: 'imports', words: ['import'] },
  { name: 'exports', words: ['export'] },
  {
    name: 'moderation',
    words: ['report', 'removed', 'restore', 'suspend', 'suspended', 'suspendable', 'moderator'],
  },
  { name: 'push', words: ['push'] },
  { name: 'first-steps', words: ['steps'] },
  {
    name: 'notifications',
    words: [
      'notification',
      'notify',
      'email',
      'dnd',
      'disturb',
      'snooze',
      'unsubscribe',
      'badge',
      'appearance',
    ],
  },
  { name: 'security', words: ['mfa', 'session', 'aal2', 'oauth', 'app'] },
  { name: 'reauth', words: ['reauth', 'proof'] },
  { name: 'threads', words: ['thread'] },
  { name: 'drafts', words: ['draft', 'drafts'] },
  { name: 'pins', words: ['pin', 'unpin', 'pinnable'] },
  { name: 'polls', words: ['poll', 'vote'] },
  { name: 'saved', words: ['saved', 'save', 'unsave', 'later'] },
  { name: 'scheduled', words: ['scheduled', 'schedule'] },
  { name: 'forwards', words: ['forward', 'forwards', 'forwarded'] },
  { name: 'posting', words: ['posting', 'poster'] },
  { name: 'sections', words: ['sidebar', 'section'] },
  { name: 'message-versions', words: ['version'] },
  { name: 'status', words: ['status', 'statuses'] },
  { name: 'custom-emoji', words: ['custom'] },
  { name: 'reactions', words: ['reaction', 'emoji'] },
  { name: 'storage', words: ['folder', 'bucket', 'avatar'] },
  { name: 'attachments', words: ['attachment'] },
  { name: 'invites', words: ['invite'] },
  { name: 'link-previews', words: ['preview'] },
  { name: 'reads', words: ['read', 'unread'] },
  { name: 'messages', words: ['message', 'mention', 'mentioned', 'body', 'broadcast'] },
  { name: 'channels', words: ['channel', 'dm'] },
  { name: 'workspaces', words: ['workspace', 'member', 'role', 'owner', 'slug'] },
  { name: 'profiles', words: ['profile', 'user', 'display'] },
  { name: 'activity', words: ['activity'] },
]

/** Where what matches no subject goes (shared helpers such as `private.clean_line`). */
export const COMMON_SUBJECT = 'common'

/** The subject of an object named `name`. */
export function subjectOf(name: string): string {
  const words = new Set(
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
  )
  const has = (word: string) =>
    words.has(word) || words.has(`${word}s`) || (word.endsWith('s') && words.has(word.slice(0, -1)))
  return SUBJECTS.find((subject) => subject.words.some(has))?.name ?? COMMON_SUBJECT
}

/**
 * The subject of something on a platform table (a policy, a trigger): Storage's tables are
 * storage, Realtime's live; on any other (a trigger on auth.users) the object's own name decides.
 */
export function platformSubjectOf(schema: string, name: string): string {
  if (schema === 'storage') return 'storage'
  if (schema === 'realtime') return 'live'
  return subjectOf(name)
}
