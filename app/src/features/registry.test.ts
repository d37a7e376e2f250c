import { describe, expect, it } from 'vitest'
import { features, menuItems, workspaceDialog } from './registry.ts'

const scope = (role: 'owner' | 'admin' | 'member' | 'guest') => ({
  memberCount: 7,
  isAdmin: role === 'owner' || role === 'admin',
  isOwner: role === 'owner',
  isGuest: role === 'guest',
})
const menuFor = (role: Parameters<typeof scope>[0]) =>
  menuItems.filter((i) => i.shown?.(scope(role)) ?? true).map((i) => i.label(scope(role)))

describe('the features registry', () => {
  it("builds the workspace menu from the features' items, in order, by role", () => {
    expect(menuFor('owner')).toEqual([
      'Invite people',
      'Members (7)',
      'Groups',
      'Integrations',
      'Reports',
      'Audit log',
      'Retention',
      'Import from Slack',
      'Export',
    ])
    expect(menuFor('admin')).toEqual([
      'Invite people',
      'Members (7)',
      'Groups',
      'Integrations',
      'Reports',
      'Export my data',
    ])
    expect(menuFor('member')).toEqual(['Members (7)', 'Groups', 'Export my data'])
    expect(menuFor('guest')).toEqual(['Members (7)', 'Export my data'])
  })

  it('has a dialog for every menu item, each id declared once', () => {
    const ids = features.flatMap((f) => (f.dialogs ?? []).map((d) => d.id))
    expect(new Set(ids).size).toBe(ids.length)
    for (const item of menuItems) expect(workspaceDialog(item.dialog), item.dialog).toBeDefined()
    for (const id of [
      'profile',
      'create-channel',
      'browse',
      'new-dm',
      'add-people',
      'channel-settings',
    ])
      expect(workspaceDialog(id), id).toBeDefined()
    expect(workspaceDialog('no-such-dialog')).toBeUndefined()
  })
})
