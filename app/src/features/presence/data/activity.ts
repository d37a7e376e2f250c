// Active or away: away after AWAY_AFTER_MS without input (keys, pointer, wheel, touch), which is
// also what a tab hidden that long gets; back to active on the next input. Pure of the DOM: the
// hook feeds it input and reads its state.
export const AWAY_AFTER_MS = 10 * 60_000

export type Activity = 'active' | 'away'

export class ActivityTimer {
  private state: Activity = 'active'
  private lastInput = Date.now()
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly onChange: (state: Activity) => void,
    private readonly awayAfterMs = AWAY_AFTER_MS
  ) {}

  get current(): Activity {
    return this.state
  }

  start(): void {
    this.lastInput = Date.now()
    this.arm(this.awayAfterMs)
  }

  /** Some input: active again at once if away; otherwise only the time is noted (cheap). */
  input(): void {
    this.lastInput = Date.now()
    if (this.state === 'away') {
      this.state = 'active'
      this.onChange('active')
      this.arm(this.awayAfterMs)
    }
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }

  private arm(delay: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.check(), delay)
  }

  private check(): void {
    const idle = Date.now() - this.lastInput
    if (idle < this.awayAfterMs) {
      this.arm(this.awayAfterMs - idle)
      return
    }
    this.timer = undefined
    this.state = 'away'
    this.onChange('away')
  }
}
