import { contrastRatio, logoContentTypes, maxLogoBytes, readableTextOn, type MerchantProfile } from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiRequestError } from '../../../api/client.js'
import { Field, TextField, SubmitButton } from '../Field.js'
import { ErrorText } from '../../../components/ErrorText.js'
import { getProfile, saveProfile } from './profileApi.js'
import { SavedNotice, SettingsSection } from './SettingsSection.js'
import { useSaveSetting } from './useSaveSetting.js'

const queryKey = ['merchant-profile']

type Errors = Partial<Record<'displayName' | 'logo' | 'brandColor' | 'form', string>>

/** `body.logo: …` from the server -> the error shown under that field. */
function fieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiRequestError)) return { form: 'The profile could not be saved. Try again.' }
  const match = /^body\.(displayName|logo|brandColor):\s*(.*)$/.exec(error.message)
  return match ? { [match[1]!]: match[2]! } : { form: error.message }
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'))
    reader.readAsDataURL(file)
  })

function ProfileForm({ saved }: { saved: MerchantProfile }) {
  const [displayName, setDisplayName] = useState(saved.displayName ?? '')
  const [brandColor, setBrandColor] = useState(saved.brandColor ?? '')
  // undefined: keep the saved logo; null: remove it; a data URL: replace it.
  const [logo, setLogo] = useState<string | null | undefined>(undefined)
  const [errors, setErrors] = useState<Errors>({})
  const { save, done, setDone } = useSaveSetting({
    mutationFn: saveProfile,
    queryKey,
    onSaved: () => {
      setLogo(undefined)
      setErrors({})
    },
    onRefused: (error) => setErrors(fieldErrors(error)),
  })
  const shownLogo = logo === undefined ? saved.logoUrl : logo
  const colour = /^#[0-9a-fA-F]{6}$/.test(brandColor) ? brandColor : null
  return (
    <form
      noValidate
      data-testid="profile-form"
      onSubmit={(event) => {
        event.preventDefault()
        setDone(false)
        const name = displayName.trim()
        save.mutate({
          displayName: name === '' ? null : name,
          brandColor: brandColor.trim() === '' ? null : brandColor.trim(),
          ...(logo !== undefined ? { logo } : {}),
        })
      }}
    >
      <TextField
        id="profile-name"
        label="Display name"
        hint="What payers see at the top of your checkout and on their receipt (at most 80 characters)."
        error={errors.displayName}
        value={displayName}
        maxLength={80}
        onChange={setDisplayName}
      />
      <Field
        id="profile-logo"
        label="Logo"
        hint={`PNG, JPEG or WebP, at most ${maxLogoBytes / 1024} KiB, shown at 32 px (a square image looks best). SVG is not accepted: an SVG file can carry scripts.`}
        {...(errors.logo ? { error: errors.logo } : {})}
      >
        {(props) => (
          <div className="profile-logo">
            {shownLogo && (
              <img src={shownLogo} alt="Your logo" width={48} height={48} data-testid="profile-logo-preview" />
            )}
            <input
              {...props}
              type="file"
              accept={logoContentTypes.join(',')}
              onChange={async (e) => {
                const file = e.target.files?.[0]
                if (!file) return
                if (file.size > maxLogoBytes) {
                  setErrors({
                    ...errors,
                    logo: `The image is ${Math.ceil(file.size / 1024)} KiB; at most ${maxLogoBytes / 1024} KiB.`,
                  })
                  return
                }
                setErrors({ ...errors, logo: undefined })
                setLogo(await readAsDataUrl(file))
              }}
            />
            {shownLogo && (
              <button type="button" onClick={() => setLogo(null)}>
                Remove logo
              </button>
            )}
          </div>
        )}
      </Field>
      <Field
        id="profile-colour"
        label="Brand colour"
        hint="A colour like #1a73e8 for your checkout's header; its text is black or white, whichever reads better on it. Leave empty for a plain header."
        {...(errors.brandColor ? { error: errors.brandColor } : {})}
      >
        {(props) => (
          <div className="profile-colour">
            <input
              {...props}
              value={brandColor}
              placeholder="#1a73e8"
              maxLength={7}
              onChange={(e) => setBrandColor(e.target.value)}
            />
            <input
              type="color"
              aria-label="Pick a brand colour"
              value={colour ?? '#ffffff'}
              onChange={(e) => setBrandColor(e.target.value)}
            />
            {colour && (
              <span
                className="profile-swatch"
                style={{ background: colour, color: readableTextOn(colour) }}
                data-testid="profile-swatch"
              >
                {displayName.trim() || 'Your shop'} · contrast{' '}
                {contrastRatio(colour, readableTextOn(colour)).toFixed(1)}:1
              </span>
            )}
          </div>
        )}
      </Field>
      <ErrorText error={errors.form} />
      <SubmitButton pending={save.isPending} pendingText="Saving…">
        Save profile
      </SubmitButton>
      <SavedNotice done={done}>Saved. Your checkouts show it from now on.</SavedNotice>
    </form>
  )
}

/** Settings -> Profile: what payers see of the merchant on the checkout and the receipt. */
export function ProfileSection() {
  const profile = useQuery({ queryKey, queryFn: getProfile })
  return (
    <SettingsSection
      id="profile"
      title="Profile"
      intro="Your name, logo and colour on every checkout and receipt."
      saved={profile}
      loading="Loading your profile…"
      what="Your profile"
    >
      {(saved) => <ProfileForm saved={saved} />}
    </SettingsSection>
  )
}
