import type { Link as PaymentLink } from '@paylink/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { setLinkActive } from '../../../api/merchant.js'
import type { DuplicateState } from './CreateLinkPage.js'

/**
 * Deactivate (the checkout stops offering payment; payments already sent still count) or
 * reactivate a link, and duplicate it into the New link form.
 */
export function LinkActions({ link }: { link: PaymentLink }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toggle = useMutation({
    mutationFn: (active: boolean) => setLinkActive(link.id, active),
    onSuccess: (updated) => {
      const { webhookUrl: _, ...view } = updated
      queryClient.setQueryData(['link', link.id], view)
      void queryClient.invalidateQueries({ queryKey: ['links'] })
    },
  })
  const active = link.deactivatedAt === null
  const duplicate: DuplicateState = {
    duplicateOf: {
      title: link.title,
      description: link.description,
      options: link.options,
      successUrl: link.successUrl,
      price: link.price,
    },
  }
  return (
    <div className="dash-link-actions">
      <button
        type="button"
        onClick={() => toggle.mutate(!active)}
        disabled={toggle.isPending}
        data-testid="link-active-toggle"
      >
        {toggle.isPending ? 'Saving…' : active ? 'Deactivate' : 'Reactivate'}
      </button>
      <button type="button" onClick={() => void navigate('/dashboard/links/new', { state: duplicate })}>
        Duplicate
      </button>
      {toggle.isError && (
        <p role="alert" className="error">
          {toggle.error.message}
        </p>
      )}
    </div>
  )
}
