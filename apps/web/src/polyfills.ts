import { Buffer } from 'buffer'

// AppKit's own polyfill package is marked side-effect free, so production builds drop it and
// Bitcoin accounts and signing then fail with "Buffer is not defined". main.tsx imports this first.
const g = globalThis as unknown as { Buffer?: typeof Buffer; global?: typeof globalThis }
g.Buffer ??= Buffer
g.global ??= globalThis
