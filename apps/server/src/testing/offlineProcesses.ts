import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { AppConfig } from '../app.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { buildOfflineApp, madeInBeforeAll } from './offlineApp.js'
import { startTestPostgres, type TestPostgres } from './testPostgres.js'

/**
 * For a Postgres test file (inside `describe.skipIf(!canStartTestPostgres())`): a throwaway
 * Postgres and two pools on it, standing for two server processes, each with an offline app
 * built with `overrides`; all made in beforeAll and closed after.
 */
export function useTwoOfflineProcesses(overrides: Partial<AppConfig> = {}) {
  let postgres: TestPostgres | undefined
  let databases: Database[] | undefined
  let apps: FastifyInstance[] | undefined

  beforeAll(async () => {
    postgres = await startTestPostgres()
    databases = await Promise.all([openDatabase({ url: postgres.url }), openDatabase({ url: postgres.url })])
    apps = await Promise.all(databases.map((database) => buildOfflineApp(database, overrides)))
  }, 60_000)

  afterAll(async () => {
    await Promise.all((apps ?? []).map((app) => app.close()))
    await Promise.all((databases ?? []).map((database) => database.close()))
    await postgres?.stop()
  })

  return {
    get databases(): Database[] {
      return madeInBeforeAll(databases, 'the databases')
    },
    get apps(): FastifyInstance[] {
      return madeInBeforeAll(apps, 'the apps')
    },
  }
}
