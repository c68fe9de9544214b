import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

/**
 * A settings form's save: the server's answer replaces the saved value read under `queryKey`,
 * `onSaved` resets the form to it and `done` says "saved" until the form sends again
 * (`setDone(false)`); a refusal goes to `onRefused`.
 */
export function useSaveSetting<Input, Saved>({
  mutationFn,
  queryKey,
  onSaved,
  onRefused,
}: {
  mutationFn: (input: Input) => Promise<Saved>
  queryKey: readonly unknown[]
  onSaved: (saved: Saved) => void
  onRefused: (error: Error) => void
}) {
  const queryClient = useQueryClient()
  const [done, setDone] = useState(false)
  const save = useMutation({
    mutationFn,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved)
      onSaved(saved)
      setDone(true)
    },
    onError: onRefused,
  })
  return { save, done, setDone }
}
