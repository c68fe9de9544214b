import { AlertController, OptionsController } from '@reown/appkit-controllers'
import { describe, expect, it } from 'vitest'
import { keepOperatorAlertsFromPayers } from './keepOperatorAlertsFromPayers.js'

describe('keepOperatorAlertsFromPayers in the demo', () => {
  it("shows the toolkit's project-id alert on /toolkit only", () => {
    OptionsController.state.debug = true
    let path = '/'
    keepOperatorAlertsFromPayers(() => path, { demo: true })
    const pages: Array<[string, boolean]> = [
      ['/', false],
      ['/dashboard', false],
      ['/wallet', false],
      ['/pay/lnk_1', false],
      ['/toolkit', true],
    ]
    for (const [page, shown] of pages) {
      path = page
      AlertController.close()
      AlertController.open({ shortMessage: 'Project ID Not Configured', longMessage: 'update configuration' }, 'error')
      expect(AlertController.state.open, page).toBe(shown)
    }
  })
})
