// A Slack archive with what Slack messages carry beyond their text (imports-extras.test.ts):
// emoji.json with images under emoji/ (good, bad, too big, a standard name, one the workspace has,
// a link that answers 404, an alias of nothing), a message reacted with custom names, a shared
// message (Slack's share attachment), two shares in one message, a link's preview, a poll app's
// blocks and an app's legacy attachment.
import { tsOf } from './slack-export.ts'

/** The smallest real images of each type the bucket takes (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64'
)
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const when = (minutes: number) =>
  tsOf(new Date(Date.parse('2024-04-02T10:00:00Z') + minutes * 60_000))

export function extrasExport(emails: [string, string], emojiLink: string) {
  const user = (id: string, name: string, email: string) => ({
    id,
    name: name.toLowerCase(),
    real_name: name,
    deleted: false,
    is_bot: false,
    profile: { email, display_name: name, real_name: name },
  })
  const channel = (id: string, name: string) => ({
    id,
    name,
    created: 1700000000,
    creator: 'U1',
    is_archived: false,
    is_general: name === 'general',
    members: ['U1', 'U2'],
    topic: { value: '' },
    purpose: { value: '' },
  })
  return {
    'users.json': [user('U1', 'Ann Extra', emails[0]), user('U2', 'Ben Extra', emails[1])],
    'channels.json': [channel('C1', 'general'), channel('C2', 'design')],
    'emoji.json': {
      partyparrot: 'emoji/partyparrot.gif',
      pp: 'alias:partyparrot',
      shipit: 'https://emoji.slack-edge.com/T1/shipit/0123abcd.png',
      broken: 'emoji/broken.png',
      huge: 'emoji/huge.png',
      thumbsup: 'emoji/thumbsup.png',
      ours: 'emoji/ours.png',
      gone: emojiLink,
      orphan: 'alias:nowhere',
    },
    'emoji/partyparrot.gif': GIF,
    'emoji/shipit.png': PNG,
    'emoji/broken.png': new TextEncoder().encode('not an image at all'),
    'emoji/huge.png': Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]),
    'emoji/thumbsup.png': PNG,
    'emoji/ours.png': PNG,
    'design/2024-04-02.json': [
      { type: 'message', user: 'U2', text: 'The new logo is in :shipit:', ts: when(0) },
    ],
    'general/2024-04-02.json': [
      {
        type: 'message',
        user: 'U1',
        text: 'Launch day :partyparrot:',
        ts: when(1),
        reactions: [
          { name: 'partyparrot', users: ['U2'], count: 1 },
          { name: 'pp', users: ['U1'], count: 1 },
          { name: 'thumbsup', users: ['U2'], count: 1 },
        ],
      },
      // Ben shares the design message, with no comment of his own (Slack's share attachment).
      {
        type: 'message',
        user: 'U2',
        text: '',
        ts: when(2),
        attachments: [
          {
            fallback: '[April 2nd, 2024 10:00 AM] Ben Extra: The new logo is in :shipit:',
            ts: when(0),
            author_id: 'U2',
            channel_id: 'C2',
            channel_team: 'T1',
            is_msg_unfurl: true,
            is_share: true,
            text: 'The new logo is in :shipit:',
            author_name: 'Ben Extra',
            from_url: `https://example.slack.com/archives/C2/p${when(0).replace('.', '')}`,
            footer: 'Posted in #design',
          },
        ],
      },
      // Two shares, one from a channel the archive does not have: a forward and a quote.
      {
        type: 'message',
        user: 'U1',
        text: 'Both of these',
        ts: when(3),
        attachments: [
          {
            ts: when(-60),
            author_id: 'U9',
            author_name: 'Zed Outside',
            channel_id: 'C9',
            is_share: true,
            text: 'from *elsewhere*',
          },
          { author_name: 'Ben Extra', is_share: true, text: 'no time on this one' },
        ],
      },
      // A link's preview (an attachment that is no share) adds nothing.
      {
        type: 'message',
        user: 'U2',
        text: '<https://example.com/post>',
        ts: when(4),
        attachments: [
          { from_url: 'https://example.com/post', title: 'A post', text: 'Its preview' },
        ],
      },
      // A poll app's message: its text is only a fallback, its blocks say the poll.
      {
        type: 'message',
        subtype: 'bot_message',
        bot_id: 'B7',
        username: 'Polly',
        text: 'This content cannot be displayed.',
        ts: when(5),
        blocks: [
          { type: 'header', text: { type: 'plain_text', text: 'Lunch?' } },
          {
            type: 'section',
            text: { type: 'mrkdwn', text: '`1` Pizza  `2` :white_circle::white_circle:' },
            accessory: { type: 'button', text: { type: 'plain_text', text: 'Vote' } },
          },
          { type: 'section', text: { type: 'mrkdwn', text: '`2` Tacos  `0`' } },
          { type: 'context', elements: [{ type: 'mrkdwn', text: 'Anonymous poll by <@U1>' }] },
          {
            type: 'actions',
            elements: [{ type: 'button', text: { type: 'plain_text', text: 'Close poll' } }],
          },
        ],
      },
      // A legacy app attachment (no share, no link): its words come after the text.
      {
        type: 'message',
        subtype: 'bot_message',
        username: 'Simple Poll',
        text: 'New poll',
        ts: when(6),
        attachments: [
          {
            title: 'Where to meet?',
            fields: [
              { title: 'Office', value: '3 votes' },
              { title: 'Cafe', value: '1 vote' },
            ],
          },
        ],
      },
    ],
  }
}
