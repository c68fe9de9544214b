import { describe, expect, it } from 'vitest'
import { successUrlFor } from './successUrlFor.js'

describe('successUrlFor', () => {
  it('adds the link id as paylink_link_id, keeping the query and fragment', () => {
    expect(successUrlFor('https://shop.example/thanks?order=42#top', 'lnk_1')?.href).toBe(
      'https://shop.example/thanks?order=42&paylink_link_id=lnk_1#top',
    )
    expect(successUrlFor('http://127.0.0.1:8080/', 'lnk_a-b')?.href).toBe(
      'http://127.0.0.1:8080/?paylink_link_id=lnk_a-b',
    )
    // A merchant's own paylink_link_id is replaced, not doubled.
    expect(successUrlFor('https://shop.example/?paylink_link_id=x', 'lnk_2')?.search).toBe('?paylink_link_id=lnk_2')
  })

  it('refuses anything but http(s)', () => {
    expect(successUrlFor('javascript:alert(1)', 'lnk_1')).toBeNull()
    expect(successUrlFor('data:text/html,x', 'lnk_1')).toBeNull()
    expect(successUrlFor('/relative', 'lnk_1')).toBeNull()
  })
})
