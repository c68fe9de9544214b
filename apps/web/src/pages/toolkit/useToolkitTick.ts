import { ChainController, ModalController, OptionsController, RouterController } from '@reown/appkit-controllers'
import { useEffect, useState } from 'react'

/**
 * Re-renders the caller whenever the toolkit's chain, modal, router or options state changes, so
 * a diagnostics view reading those controllers never shows a stale value.
 */
export function useToolkitTick(): number {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    const bump = () => setTick((t) => t + 1)
    const stops = [
      ChainController.subscribe(bump),
      ModalController.subscribe(bump),
      RouterController.subscribeKey('view', bump),
      OptionsController.subscribeKey('metadata', bump),
      OptionsController.subscribeKey('siwx', bump),
    ]
    return () => stops.forEach((stop) => stop())
  }, [])
  return tick
}
