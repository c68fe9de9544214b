export * from './caip.js'
export * from './config.js'
export * from './errors.js'
export * from './money.js'
