/**
 * An error said in words where it happened, read out at once (role="alert"): a form the server
 * refused, a wallet that failed, a toolkit that did not start. Nothing when there is no error.
 */
export function ErrorText({ error }: { error: string | null | undefined | false }) {
  if (!error) return null
  return (
    <p role="alert" className="error">
      {error}
    </p>
  )
}
