import { ConstantsUtil, OptionsController } from '@reown/appkit-controllers'
import { useEffect, useState } from 'react'

function rootVariable(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim()
}

/** The toolkit's version and limits as this page runs them. */
export function ConstantsSection() {
  const [theme, setTheme] = useState({ width: '', zIndex: '' })
  useEffect(() => {
    // The toolkit adds its root variables when its UI loads, just after start.
    const read = () => setTheme({ width: rootVariable('--w3m-modal-width'), zIndex: rootVariable('--w3m-z-index') })
    read()
    const timer = setInterval(read, 1000)
    return () => clearInterval(timer)
  }, [])
  return (
    <section aria-labelledby="toolkit-constants-title">
      <h2 id="toolkit-constants-title">Toolkit constants</h2>
      <dl className="facts">
        <dt>Version</dt>
        <dd data-testid="toolkit-version">{OptionsController.state.sdkVersion}</dd>
        <dt>Sends on</dt>
        <dd data-testid="toolkit-send-namespaces">{ConstantsUtil.SEND_SUPPORTED_NAMESPACES.join(', ')}</dd>
        <dt>Modal width</dt>
        <dd data-testid="toolkit-modal-width">{theme.width || 'not loaded yet'}</dd>
        <dt>Modal z-index</dt>
        <dd data-testid="toolkit-z-index">{theme.zIndex || 'not loaded yet'}</dd>
      </dl>
    </section>
  )
}
