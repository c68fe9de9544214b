import { describe, expect, it } from 'vitest'
import { parseLogo } from './parseLogo.js'

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)])
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)])
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(16, 3),
])
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`

describe('parseLogo', () => {
  it('takes PNG, JPEG and WebP by their bytes, whatever type the upload claims', () => {
    expect(parseLogo(dataUrl('image/png', png)).contentType).toBe('image/png')
    expect(parseLogo(dataUrl('image/jpeg', jpeg)).contentType).toBe('image/jpeg')
    expect(parseLogo(dataUrl('image/webp', webp))).toEqual({ bytes: webp, contentType: 'image/webp' })
    expect(parseLogo(dataUrl('image/png', jpeg)).contentType).toBe('image/jpeg')
  })
  it('refuses SVG, declared or sniffed, saying why', () => {
    expect(() => parseLogo(dataUrl('image/svg+xml', Buffer.from('<svg/>')))).toThrow(/SVG logos are refused/)
    expect(() => parseLogo(dataUrl('image/png', Buffer.from('<?xml version="1.0"?><svg onload="alert(1)"/>')))).toThrow(
      /SVG logos are refused/,
    )
  })
  it('refuses other files, empty images, images over 256 KiB and text that is no data URL', () => {
    expect(() => parseLogo(dataUrl('image/gif', Buffer.from('GIF89a....')))).toThrow(/not a PNG, JPEG or WebP/)
    expect(() => parseLogo('data:image/png;base64,')).toThrow(/empty/)
    expect(() => parseLogo(dataUrl('image/png', Buffer.concat([png, Buffer.alloc(256 * 1024)])))).toThrow(
      /at most 256 KiB/,
    )
    expect(() => parseLogo('https://example.com/logo.png')).toThrow(/data:…;base64 URL/)
  })
})
