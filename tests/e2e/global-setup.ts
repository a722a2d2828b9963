// Runs before the web server starts: nothing to do; the data folder is reset by scripts/e2e.mjs.
export default async function globalSetup() {}
