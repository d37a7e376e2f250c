import { describe, expect, it } from 'vitest'
import bots from './bots/integrations-section.tsx'
import events from './events/integrations-section.tsx'
import { integrationsSections } from './integrations-sections.tsx'
import slashCommands from './slash-commands/integrations-section.tsx'
import webhooks from './webhooks/integrations-section.tsx'

describe("the Integrations dialog's slot", () => {
  it("finds the features' sections, in the dialog's order", () => {
    const known = [webhooks, slashCommands, bots, events]
    expect(integrationsSections.filter((s) => known.includes(s))).toEqual(known)
    const orders = integrationsSections.map((s) => s.order)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    expect(new Set(orders).size).toBe(orders.length)
  })

  // Each load() is the first import of its section's code, compiled by vitest then: 5 s (the
  // default) was too little once, with the suite's other workers busy beside it.
  it("has each section's code behind its load()", async () => {
    for (const section of [webhooks, events]) {
      const loaded = await section.load()
      expect(typeof loaded.default).toBe('function')
    }
  }, 30_000)
})
