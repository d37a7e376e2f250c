// Alt+Up / Alt+Down (use-channel-keys.ts), heard once the first screen is shown: a lazy chunk
// the shell renders then, with the workspace's notices (it paid for the sidebar's dragging).
import { useEffect } from 'react'
import { useChannelKeys } from './use-channel-keys.ts'
import type { ChannelKeysOptions } from './use-channel-keys.ts'

export default function ChannelKeys(props: ChannelKeysOptions) {
  useChannelKeys(props)
  // Said on the page, so that whoever drives it (a test) knows the keys are heard.
  useEffect(() => {
    document.documentElement.dataset.channelKeys = ''
    return () => void delete document.documentElement.dataset.channelKeys
  }, [])
  return null
}
