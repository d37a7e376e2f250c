// Reauthentication (issue 49, item 5): what asks for a recent proof and the dialog that gets it.
// Imported only by features that are lazy chunks themselves (Settings, Security; bots; webhooks).
export { useProofGate } from './components/use-proof-gate.tsx'
export { needsProof } from './data/proof.ts'
export type { Proof, ProofPurpose } from './data/proof.ts'
