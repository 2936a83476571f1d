// Another process holding a PGlite data directory (db/client.test.ts): opens it, says "ready", holds it until SIGTERM.
import { openDatabase } from "../db/client";

const db = await openDatabase({ dataDir: process.argv[2]! });
process.stdout.write("ready\n");
process.on("SIGTERM", async () => {
  await db.close();
  process.exit(0);
});
setInterval(() => {}, 1 << 30);
