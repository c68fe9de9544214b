import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { fieldErrorsFromServer, type FieldErrors } from './links/fieldErrors.js'

/**
 * A "create" form above a list (API keys, plans, paid URLs): its text `values` (one state, `initial`
 * at first and again once created) and its mutation. Once created: the new thing is kept in
 * `created` to show once, the errors are cleared and the list (`listKey`) is read again. A refusal
 * lands in `errors` beside the field the server names. `bind(name)` gives a TextField its id
 * (`${idPrefix}-${id ?? name}`), value, edits and the error of the same name.
 */
export function useCreateForm<Body, Created, Name extends string>({
  mutationFn,
  listKey,
  idPrefix,
  initial,
}: {
  mutationFn: (body: Body) => Promise<Created>
  listKey: readonly unknown[]
  idPrefix: string
  initial: Record<Name, string>
}) {
  const queryClient = useQueryClient()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [created, setCreated] = useState<Created | null>(null)
  const create = useMutation({
    mutationFn,
    onSuccess: (value) => {
      setCreated(value)
      setValues(initial)
      setErrors({})
      void queryClient.invalidateQueries({ queryKey: listKey })
    },
    onError: (error) => setErrors(fieldErrorsFromServer(error)),
  })
  const set = (name: Name, value: string) => setValues((current) => ({ ...current, [name]: value }))
  const bind = (name: Name, id: string = name) => ({
    id: `${idPrefix}-${id}`,
    value: values[name],
    onChange: (value: string) => set(name, value),
    error: errors[name],
  })
  return { create, created, setCreated, errors, setErrors, values, set, bind }
}

/**
 * An action on one row of a list (disable, revoke, redeliver): whatever it answers, the list
 * (`listKey`) is read again, so the row shows what the server now holds.
 */
export function useRowAction<Result>({
  mutationFn,
  listKey,
  onSuccess,
}: {
  mutationFn: () => Promise<Result>
  listKey: readonly unknown[]
  onSuccess?: (result: Result) => unknown
}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    ...(onSuccess ? { onSuccess } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  })
}
