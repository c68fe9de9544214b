import { describe, expect, it } from 'vitest'
import { createWakeableSleep } from './createWakeableSleep.js'

describe('createWakeableSleep', () => {
  it('sleeps the interval, or less when woken', async () => {
    const pause = createWakeableSleep()
    let started = Date.now()
    await pause.sleep(30)
    expect(Date.now() - started).toBeGreaterThanOrEqual(25)
    started = Date.now()
    const sleeping = pause.sleep(10_000)
    pause.wake()
    await sleeping
    expect(Date.now() - started).toBeLessThan(1000)
    pause.wake() // waking with nobody asleep is harmless
  })
})
