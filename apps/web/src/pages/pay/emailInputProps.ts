/**
 * A payer's e-mail field (the receipt form's and the subscribe page's): an address reads left to
 * right in every language. A module of its own: the subscribe chunk importing the receipt form
 * would split the checkout's entry into more chunks.
 */
export const emailInputProps = {
  type: 'email',
  autoComplete: 'email',
  required: true,
  maxLength: 254,
  dir: 'ltr',
} as const
