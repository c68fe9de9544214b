import { useEffect, useState } from 'react'

/**
 * Whether the browser says it is online, following its `online`/`offline` events; `onBack` runs
 * once each time the connection returns (the page reads what it missed).
 */
export function useOnline(onBack?: () => void): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine)
  useEffect(() => {
    const up = () => {
      setOnline(true)
      onBack?.()
    }
    const down = () => setOnline(false)
    window.addEventListener('online', up)
    window.addEventListener('offline', down)
    return () => {
      window.removeEventListener('online', up)
      window.removeEventListener('offline', down)
    }
  }, [onBack])
  return online
}
