import { useEffect, useRef } from 'react'

export interface ConfirmDangerProps {
  /** The group's accessible name: the question asked. */
  label: string
  /** What confirming does, in one sentence. */
  warning: string
  /** The danger button's text, and its text while the action runs. */
  confirm: string
  pendingText: string
  pending: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * The inline "are you sure?" of an action that cannot be undone (revoke a key, remove a key or a
 * webhook URL): the danger button takes the focus as it appears, "Keep it" backs out, both wait
 * while the action runs.
 */
export function ConfirmDanger({
  label,
  warning,
  confirm,
  pendingText,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDangerProps) {
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    confirmRef.current?.focus()
  }, [])
  return (
    <div className="dash-confirm" role="group" aria-label={label}>
      <span>{warning}</span>
      <button ref={confirmRef} type="button" className="danger" disabled={pending} onClick={onConfirm}>
        {pending ? pendingText : confirm}
      </button>
      <button type="button" onClick={onCancel} disabled={pending}>
        Keep it
      </button>
    </div>
  )
}
