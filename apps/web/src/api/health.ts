import { healthSchema, type Health } from '@paylink/shared'
import { apiGet } from './client.js'

/** `GET /api/health`: the database and each network's head, and whether the tracker halted it. */
export const getHealth = (): Promise<Health> => apiGet('/api/health', healthSchema)
