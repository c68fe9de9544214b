/**
 * The server package's folder (apps/server/), the same from `src/` (run through tsx) and from
 * `dist/` (the build bundles every module into one file there): files the server reads beside
 * its code (migrations, the web build) are found from here, not from each module's own place.
 */
export const serverRoot = new URL('../', import.meta.url)
