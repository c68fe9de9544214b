import { useEffect, useState } from 'react'

/** The clock, ticking every `intervalMs`: components that show "in 5 min" or decide on expiry share it. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}
