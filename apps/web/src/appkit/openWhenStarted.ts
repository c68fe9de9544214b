import type { AppKit } from '@reown/appkit/react'
import type { PaylinkAppKit } from './createPaylinkAppKit.js'

/**
 * Opens one of AppKit's views once AppKit has finished starting. A press that itself loaded the
 * toolkit (a stand-in Connect button) otherwise opened the modal while AppKit 1.7.8 was still
 * starting, and views it routed to afterwards (RegisterAccountName) stayed hidden.
 */
export async function openWhenStarted(kit: Promise<PaylinkAppKit>, options?: Parameters<AppKit['open']>[0]) {
  const { appKit } = await kit
  await appKit.ready()
  await appKit.open(options)
}
