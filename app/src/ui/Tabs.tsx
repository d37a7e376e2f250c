// Tabs on Radix's Tabs: a tablist (arrows move and choose, one Tab stop), each panel labelled by
// its tab. Vertical beside the panels from a dialog's width up, a row above them on a phone.
import * as RadixTabs from '@radix-ui/react-tabs'
import type { ReactNode } from 'react'
import './controls.css'
import { pageDirection } from './direction.ts'

export interface TabItem<T extends string> {
  value: T
  label: string
  content: ReactNode
}

interface Props<T extends string> {
  label: string
  value: T
  onValueChange: (value: T) => void
  tabs: readonly TabItem<T>[]
}

export function Tabs<T extends string>({ label, value, onValueChange, tabs }: Props<T>) {
  return (
    <RadixTabs.Root
      dir={pageDirection()}
      className="tabs"
      value={value}
      onValueChange={(v) => onValueChange(v as T)}
      orientation="vertical"
    >
      <RadixTabs.List className="tab-list" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className="tab">
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="tab-panel">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  )
}
