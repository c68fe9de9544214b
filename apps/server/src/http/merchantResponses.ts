import { apiErrorSchema } from '@paylink/shared'

/** An error answer in the OpenAPI document: the description and the shared error body. */
export const errorResponse = (description: string) => ({ description, schema: apiErrorSchema })

/**
 * What every merchant route (`app.requireMerchant`, session or API key) may answer before it
 * runs: no sign-in, or an account that may not sell here. Spread into a route's `responses`.
 */
export const merchantOnlyResponses = {
  401: errorResponse('No session and no valid API key (UNAUTHENTICATED, INVALID_API_KEY)'),
  403: errorResponse('The account is not on the MERCHANTS list of this instance (NOT_A_MERCHANT)'),
}
