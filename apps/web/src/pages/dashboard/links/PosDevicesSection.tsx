import type { CreatedPosDevice } from '@paylink/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { createPosDevice, listPosDevices, revokePosDevice } from '../../../api/pos.js'
import { QrCode } from '../../../components/QrCode.js'
import { DashTable, LoadError } from '../DashTable.js'
import { ShownOnce } from '../ShownOnce.js'
import { formatDateTime } from '../format.js'

/**
 * A point of sale's device links: make one for a shop device (its URL, with the token, shown this
 * once, as text and QR to open on the device), see which devices sold lately, disconnect one
 * (its next request is refused and its screen says so).
 */
export function PosDevicesSection({ linkId }: { linkId: string }) {
  const queryClient = useQueryClient()
  const devices = useQuery({ queryKey: ['pos-devices', linkId], queryFn: () => listPosDevices(linkId) })
  const [label, setLabel] = useState('')
  const [made, setMade] = useState<CreatedPosDevice | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['pos-devices', linkId] })
  const create = useMutation({
    mutationFn: () => createPosDevice(linkId, label.trim() || undefined),
    onSuccess: (device) => {
      setMade(device)
      setLabel('')
      void refresh()
    },
  })
  const revoke = useMutation({
    mutationFn: (deviceId: string) => revokePosDevice(linkId, deviceId),
    onSuccess: refresh,
  })
  const deviceUrl = made ? `${location.origin}${made.path}` : null

  return (
    <>
      <p>
        Open the point of sale on a shop device (phone, tablet, till) without your wallet: each device gets a link of
        its own that can only ring up sales of this link. Disconnect a lost device here.
      </p>
      {made && deviceUrl && (
        <ShownOnce
          title="Device link (shown once)"
          value={deviceUrl}
          copyLabel="Copy device link"
          testId="pos-device-link"
          onDone={() => setMade(null)}
        >
          <p>Open it on the shop device, or scan the QR code with it. Anyone with this link can ring up sales here.</p>
          <div className="dash-qr">
            <QrCode value={deviceUrl} label={`QR code of the device link for ${made.label}`} />
          </div>
        </ShownOnce>
      )}
      <form
        className="dash-form-row"
        onSubmit={(e) => {
          e.preventDefault()
          create.mutate()
        }}
      >
        <label>
          Device name (optional){' '}
          <input
            value={label}
            maxLength={80}
            placeholder="Front till"
            onChange={(e) => setLabel(e.target.value)}
            data-testid="pos-device-label"
          />
        </label>
        <button type="submit" disabled={create.isPending} data-testid="pos-device-create">
          {create.isPending ? 'Making…' : 'New device link'}
        </button>
      </form>
      {create.isError && (
        <p role="alert" className="error">
          {create.error.message}
        </p>
      )}
      {revoke.isError && (
        <p role="alert" className="error">
          {revoke.error.message}
        </p>
      )}
      {devices.isPending ? (
        <p role="status">Loading devices…</p>
      ) : devices.isError ? (
        <LoadError what="Devices" error={devices.error} retry={devices.refetch} />
      ) : devices.data.length === 0 ? (
        <p className="dash-empty-inline">No devices yet.</p>
      ) : (
        <DashTable testId="pos-devices" columns={['Device', 'Created', 'Last used', '']}>
          {devices.data.map((device) => (
            <tr key={device.id} data-testid="pos-device-row">
              <td data-label="Device">{device.label}</td>
              <td data-label="Created">{formatDateTime(device.createdAt)}</td>
              <td data-label="Last used">{device.lastUsedAt ? formatDateTime(device.lastUsedAt) : 'Never'}</td>
              <td>
                {device.revokedAt ? (
                  <span className="dash-muted">Disconnected {formatDateTime(device.revokedAt)}</span>
                ) : (
                  <button
                    type="button"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(device.id)}
                    data-testid="pos-device-revoke"
                  >
                    Disconnect
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DashTable>
      )}
    </>
  )
}
