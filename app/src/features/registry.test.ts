import { describe, expect, it } from 'vitest'
import {
  features,
  menuItems,
  workspaceDialog,
  workspaceGates,
  workspaceNotices,
} from './registry.ts'

const scope = (role: 'owner' | 'admin' | 'member' | 'guest') => ({
  memberCount: 7,
  isAdmin: role === 'owner' || role === 'admin',
  isOwner: role === 'owner',
  isGuest: role === 'guest',
})
const menuFor = (role: Parameters<typeof scope>[0]) =>
  menuItems.filter((i) => i.shown?.(scope(role)) ?? true).map((i) => i.label(scope(role)))

describe('the features registry', () => {
  it("builds the workspace menu from the features' items, in their order, by role", () => {
    const owner = menuFor('owner')
    // the core's and a few features' items, in order (a new feature's item goes between)
    const known = [
      'Preferences',
      'Invite people',
      'Create section…',
      'Workspace settings',
      'Members (7)',
      'Groups',
      'Integrations',
      'Audit log',
      'Export',
    ]
    expect(owner.filter((label) => known.includes(label))).toEqual(known)
    expect(menuItems.map((i) => i.order)).toEqual(
      [...menuItems.map((i) => i.order)].sort((a, b) => a - b)
    )
    // each role sees what the one above it sees, or less; members see no admin's item
    const admin = menuFor('admin')
    const member = menuFor('member')
    expect(admin.every((label) => owner.includes(label) || label === 'Export my data')).toBe(true)
    expect(member).toEqual([
      'Preferences',
      'Create section…',
      'Members (7)',
      'Groups',
      'Custom emoji',
      'Export my data',
    ])
    expect(menuFor('guest')).toEqual([
      'Preferences',
      'Create section…',
      'Members (7)',
      'Export my data',
    ])
    expect(admin).toContain('Reports')
    // Workspace settings: only to those who may change them (owners and admins).
    expect(admin).toContain('Workspace settings')
    expect(admin).not.toContain('Audit log')
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

  it('has the gates of a workspace that cannot be opened, outermost first, and the notices', () => {
    const gates = features
      .flatMap((f) => (f.gate ? [[f.id, f.gate.order] as const] : []))
      .sort((a, b) => a[1] - b[1])
    expect(gates.map(([id]) => id)).toEqual(['security', 'moderation'])
    expect(workspaceGates).toHaveLength(2)
    expect(workspaceNotices.map((n) => n.id)).toEqual(['exports', 'first-steps'])
  })
})
