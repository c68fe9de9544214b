import { embedOriginsAnswerSchema, maxEmbedOrigins } from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { apiGet, apiSend, ApiRequestError } from '../../../api/client.js'
import { Field, SubmitButton } from '../Field.js'
import { SavedNotice, SettingsSection } from './SettingsSection.js'
import { useSaveSetting } from './useSaveSetting.js'

// GET/PUT /api/merchant/embed-origins (apps/server/src/embed/embedRoutes.ts).
const path = '/api/merchant/embed-origins'
const queryKey = ['merchant-embed-origins']
const getOrigins = () => apiGet(path, embedOriginsAnswerSchema).then((r) => r.origins)
const saveOrigins = (origins: string[]) =>
  apiSend('PUT', path, embedOriginsAnswerSchema, { origins }).then((r) => r.origins)

/** `body.origins[2]: must be …` from the server -> "Line 3 must be …", as the merchant typed them. */
function errorOf(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'The list could not be saved. Try again.'
  const match = /^body\.origins\[(\d+)\]:\s*(.*)$/.exec(error.message)
  if (match) return `Line ${Number(match[1]) + 1} ${match[2]}`
  return error.message.replace(/^body\.origins:\s*/, 'The list ')
}

function OriginsForm({ saved }: { saved: string[] }) {
  const [text, setText] = useState(saved.join('\n'))
  const [error, setError] = useState<string | undefined>(undefined)
  const { save, done, setDone } = useSaveSetting({
    mutationFn: saveOrigins,
    queryKey,
    onSaved: (origins) => {
      setText(origins.join('\n'))
      setError(undefined)
    },
    onRefused: (e) => setError(errorOf(e)),
  })
  return (
    <form
      noValidate
      data-testid="embed-origins-form"
      onSubmit={(event) => {
        event.preventDefault()
        setDone(false)
        save.mutate(
          text
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        )
      }}
    >
      <Field
        id="embed-origins"
        label="Shop origins"
        hint={`One per line, like https://shop.example.com: scheme and host (and a port if any), no path. http only for localhost or 127.0.0.1. At most ${maxEmbedOrigins}. Empty: no site may embed your checkout.`}
        {...(error ? { error } : {})}
      >
        {(props) => (
          <textarea
            {...props}
            rows={4}
            value={text}
            spellCheck={false}
            placeholder="https://shop.example.com"
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <SubmitButton pending={save.isPending} pendingText="Saving…">
        Save shop origins
      </SubmitButton>
      <SavedNotice done={done}>Saved. Checkouts opened with /embed.js on these sites show from now on.</SavedNotice>
    </form>
  )
}

/** Settings -> Embedded checkout: the shop origins allowed to show the checkout over their pages (/embed.js). */
export function EmbedOriginsSection() {
  const origins = useQuery({ queryKey, queryFn: getOrigins })
  return (
    <SettingsSection
      id="embed-origins"
      title="Embedded checkout"
      intro={
        <>
          Sites that may open your checkout over their own page with <code>/embed.js</code>. Every other site is refused
          by the browser.
        </>
      }
      saved={origins}
      loading="Loading your shop origins…"
      what="Your shop origins"
    >
      {(saved) => <OriginsForm saved={saved} />}
    </SettingsSection>
  )
}
