/** A transaction id written out in full: a link to the explorer when the network has one, else as code. */
export function TxId({ hash, url, testId }: { hash: string; url: string | null | undefined; testId?: string }) {
  return url ? (
    <a className="receipt-long" dir="ltr" href={url} target="_blank" rel="noreferrer" data-testid={testId}>
      {hash}
    </a>
  ) : (
    <code className="receipt-long" dir="ltr" data-testid={testId}>
      {hash}
    </code>
  )
}
