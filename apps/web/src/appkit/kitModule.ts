// Everything that pulls AppKit, wagmi and the adapters into the page, behind one dynamic
// import (see loadKitModule.ts): the checkout paints without any of it.
export { createPaylinkAppKit, type PaylinkAppKit } from './createPaylinkAppKit.js'
export { KitEffects } from './KitEffects.js'
