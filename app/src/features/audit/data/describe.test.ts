import { describe, expect, it } from 'vitest'
import type { AuditWording } from '../../../slots/audit.ts'
import { ACTION_GROUPS, auditWords, describeEntry } from './describe.ts'

const entry = (action: string, targetLabel: string | null, details: Record<string, unknown> = {}) =>
  describeEntry({ action, targetLabel, details })

describe('describeEntry', () => {
  it('says what each administrative action did, with its target and what changed', () => {
    expect(entry('member.role_changed', 'Adam', { from: 'member', to: 'admin' })).toBe(
      'changed the role of Adam from member to admin'
    )
    expect(
      entry('invite.created', 'ana@example.com', { email: 'ana@example.com', role: 'member' })
    ).toBe('invited ana@example.com as member')
    expect(entry('invite.created', 'invite link', { email: null, role: 'admin' })).toBe(
      'made an invite link for admins'
    )
    expect(entry('channel.created', 'ops', { kind: 'private' })).toBe(
      'created the private channel #ops'
    )
    expect(entry('channel.member_removed', 'Mia', { channel: 'ops' })).toBe('removed Mia from #ops')
    expect(entry('webhook.created', 'CI', { channel: 'general' })).toBe(
      'added the webhook CI to #general'
    )
    expect(entry('message.removed', 'Mia', { channel: 'general' })).toBe(
      'removed a message by Mia in #general'
    )
    expect(entry('report.dismissed', 'Mia', { channel: 'ops', reports: 2 })).toBe(
      'dismissed 2 reports of a message by Mia in #ops'
    )
    expect(entry('report.resolved', 'Mia', { channel: 'ops', reports: 1 })).toBe(
      'resolved the report of a message by Mia in #ops'
    )
    expect(entry('member.suspended', 'Sam')).toBe('suspended Sam')
    expect(entry('member.unsuspended', 'Sam')).toBe('lifted the suspension of Sam')
    expect(entry('workspace.mfa_required', 'Acme')).toBe('required two-factor sign-in for everyone')
    expect(entry('workspace.broadcast_warning_changed', 'Acme', { from: 5, to: 20 })).toBe(
      'asked to confirm mentions that notify more than 20 people'
    )
    expect(entry('workspace.broadcast_warning_changed', 'Acme', { from: 5, to: null })).toBe(
      'stopped asking before mentions notify many people'
    )
  })

  it("says what was done about guests: the invite's channels and kind, channels added, kind changed", () => {
    expect(
      entry('invite.created', 'gus@example.com', {
        email: 'gus@example.com',
        role: 'guest',
        guest_kind: 'single',
        channels: ['partners'],
      })
    ).toBe('invited gus@example.com as a single-channel guest of #partners')
    expect(
      entry('invite.created', 'gus@example.com', {
        email: 'gus@example.com',
        role: 'guest',
        guest_kind: 'multi',
        channels: ['a', 'b'],
      })
    ).toBe('invited gus@example.com as a multi-channel guest of #a, #b')
    expect(entry('guest.channel_added', 'Gus', { channel: 'ops' })).toBe(
      'added the guest Gus to #ops'
    )
    expect(entry('guest.kind_changed', 'Gus', { from: 'multi', to: 'single' })).toBe(
      'made Gus a single-channel guest'
    )
  })

  it('shows an action it does not know by its name, and odd details without failing', () => {
    expect(entry('export.created', 'Acme')).toBe('export.created (Acme)')
    expect(entry('import.unheard_of', null)).toBe('import.unheard_of')
    expect(entry('retention.unheard_of', 'Acme')).toBe('retention.unheard_of (Acme)')
    expect(entry('channel.renamed', 'x', { from: { nested: true }, to: 3 })).toBe(
      'renamed #? to #3'
    )
  })

  it('says what happened to workspace exports', () => {
    expect(entry('export.requested', 'Acme')).toBe('asked for an export of the workspace')
    expect(entry('export.requested', 'Acme', { scope: 'all' })).toBe(
      'asked for an export of the workspace with private channels and direct messages'
    )
    expect(entry('export.done', 'Acme', { size: 2048, scope: 'public' })).toBe(
      'finished an export of the workspace (public channels only) (2 kB)'
    )
    expect(entry('workspace.export_scope_changed', 'Acme', { from: 'public', to: 'all' })).toBe(
      'let workspace exports hold private channels and direct messages'
    )
    expect(entry('export.done', 'Acme', { size: 45_000_000 })).toBe(
      'finished an export of the workspace (45 MB)'
    )
    expect(entry('export.failed', 'Acme', { error: 'Storage is down' })).toBe(
      'could not finish an export of the workspace: Storage is down'
    )
  })

  it('says what retention did: policies, runs and deleted accounts', () => {
    expect(entry('retention.changed', 'Acme', { from: null, to: 90 })).toBe(
      'set the workspace to keep messages for 90 days'
    )
    expect(entry('retention.changed', 'Acme', { from: 90, to: null })).toBe(
      'set the workspace to keep messages forever'
    )
    expect(entry('retention.channel_changed', 'random', { to: 1 })).toBe(
      'set #random to keep messages for 1 day'
    )
    expect(entry('retention.channel_cleared', 'random', { from: 7 })).toBe(
      'made #random keep messages as the workspace does'
    )
    expect(entry('retention.accounts_changed', 'Acme', { from: 'keep', to: 'anonymize' })).toBe(
      "set deleted accounts' messages to be anonymized"
    )
    expect(
      entry('retention.run', 'Acme', { messages: 1200, files: 1, kept_as_deleted: 2, batches: 3 })
    ).toBe(
      'deleted 1,200 messages and 1 file past the retention period (2 threads kept for newer replies)'
    )
    expect(entry('retention.run', 'Acme', { messages: 1, files: 0, kept_as_deleted: 0 })).toBe(
      'deleted 1 message and 0 files past the retention period'
    )
    expect(entry('retention.account_deleted', 'Lee', { policy: 'keep' })).toBe(
      'deleted the account of Lee; their messages were kept'
    )
    expect(entry('retention.account_deleted', null, { policy: 'remove', removed: 3 })).toBe(
      'deleted an account and removed 3 messages'
    )
  })

  it('says what an import did: started, finished with its counts, failed, cancelled, claimed', () => {
    expect(entry('import.started', 'slack.zip', { path: 'w/slack.zip' })).toBe(
      'started importing slack.zip'
    )
    expect(
      entry('import.finished', 'slack.zip', {
        people: 3,
        channels: 5,
        messages: 1,
        files: 0,
        skipped: 2,
      })
    ).toBe('imported slack.zip: 3 people, 5 conversations, 1 message, 0 files (2 items skipped)')
    expect(entry('import.failed', 'a.zip', { error: 'The file is not a zip archive.' })).toBe(
      'could not import a.zip: The file is not a zip archive.'
    )
    expect(entry('import.cancelled', 'a.zip', { messages: 4 })).toBe(
      'cancelled the import of a.zip'
    )
    expect(entry('import.claimed', 'Vic From Slack', { account: 'u', messages: 3 })).toBe(
      'took over the imported history of Vic From Slack (3 messages)'
    )
  })

  it("words each action in one feature's audit-wording.ts only; each filter group words some", () => {
    const actions = Object.values(
      import.meta.glob<AuditWording>('../../*/audit-wording.ts', { eager: true, import: 'default' })
    ).flatMap((wording) => Object.keys(wording))
    expect(actions.length).toBeGreaterThan(50)
    expect(new Set(actions).size).toBe(actions.length)
    expect(auditWords.size).toBe(actions.length)
    for (const group of ACTION_GROUPS)
      expect(
        actions.some((a) => group.prefixes.some((p) => a.startsWith(`${p}.`))),
        group.id
      ).toBe(true)
  })
})
