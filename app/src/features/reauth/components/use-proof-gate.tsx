// Runs an action that may be refused for want of a recent proof: on such a refusal the caller's
// ProofDialog (the `dialog` element it renders) asks for one, and the action runs again with it
// once. Cancelled, the first refusal stands.
import { useCallback, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { needsProof } from '../data/proof.ts'
import type { Proof, ProofPurpose } from '../data/proof.ts'
import { ProofDialog } from './ProofDialog.tsx'

export function useProofGate(purpose: ProofPurpose, action: string) {
  const [asking, setAsking] = useState(false)
  const answer = useRef<((proof: Proof | null) => void) | null>(null)

  const run = useCallback(async <T,>(act: (proof?: Proof) => Promise<T>): Promise<T> => {
    try {
      return await act()
    } catch (error) {
      if (!needsProof(error)) throw error
      const proof = await new Promise<Proof | null>((resolve) => {
        answer.current = resolve
        setAsking(true)
      })
      setAsking(false)
      answer.current = null
      if (!proof) throw error
      return act(proof)
    }
  }, [])

  const dialog: ReactNode = asking ? (
    <ProofDialog
      purpose={purpose}
      action={action}
      onProved={(proof) => answer.current?.(proof)}
      onCancel={() => answer.current?.(null)}
    />
  ) : null
  return { run, dialog }
}
