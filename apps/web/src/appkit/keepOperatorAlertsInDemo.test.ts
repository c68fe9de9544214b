import { AlertController, OptionsController } from '@reown/appkit-controllers'
import { describe, expect, it } from 'vitest'
import { keepOperatorAlertsFromPayers } from './keepOperatorAlertsFromPayers.js'

describe('keepOperatorAlertsFromPayers in the demo', () => {
  it("drops the toolkit's project-id alert on the home page, the dashboard and the wallet, keeps it on /toolkit, and still shows other alerts", () => {
    OptionsController.state.debug = true
    let path = '/dashboard'
    keepOperatorAlertsFromPayers(() => path, { demo: true })
    const projectId = { shortMessage: 'Project ID Not Configured', longMessage: 'update configuration' }
    for (const page of ['/', '/dashboard', '/wallet', '/pay/lnk_1']) {
      path = page
      AlertController.open(projectId, 'error')
      expect(AlertController.state.open, page).toBe(false)
    }
    AlertController.open({ shortMessage: 'Network Not Found', longMessage: '' }, 'error')
    expect([AlertController.state.open, AlertController.state.message]).toEqual([true, 'Network Not Found'])
    AlertController.close()
    path = '/toolkit'
    AlertController.open(projectId, 'error')
    expect([AlertController.state.open, AlertController.state.message]).toEqual([true, 'Project ID Not Configured'])
  })
})
