import { AlertController, OptionsController } from '@reown/appkit-controllers'
import { describe, expect, it } from 'vitest'
import { keepOperatorAlertsFromPayers } from './keepOperatorAlertsFromPayers.js'

describe('keepOperatorAlertsFromPayers', () => {
  it("drops the toolkit's project-id alert on a checkout, and shows it (and payer-facing alerts) elsewhere", () => {
    OptionsController.state.debug = true
    let path = '/pay/lnk_1'
    keepOperatorAlertsFromPayers(() => path)
    const projectId = {
      shortMessage: 'Project ID Not Configured',
      longMessage: 'Project ID Not Configured - update configuration on cloud.reown.com',
    }
    AlertController.open(projectId, 'error')
    expect(AlertController.state.open).toBe(false)
    AlertController.open({ shortMessage: 'Network Not Found', longMessage: '' }, 'error')
    expect([AlertController.state.open, AlertController.state.message]).toEqual([true, 'Network Not Found'])
    AlertController.close()
    path = '/toolkit'
    AlertController.open(projectId, 'error')
    expect([AlertController.state.open, AlertController.state.message]).toEqual([true, 'Project ID Not Configured'])
  })
})
