// The demo data of the embedded database's first start, seeded by a child process of
// the server (server/index.ts): seeding plays whole tournaments through the services
// and leaves the process that does it about 100 MB larger (PGlite's WebAssembly heap
// and V8's never shrink back), which a child gives back to the system when it exits.
// Same configuration as its parent (inherited environment, NEXTAUTH_SECRET included).
import { openDatabase, setSharedDatabase } from "@/db/client";
import { config } from "@/server/config";
import { loadAuthSecret } from "@/server/auth/secret";
import { setUpChannels } from "@/server/services/notification/setup";
import { seedDemoData } from "./seed-demo";

const cfg = config();
const opened = openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.DATA_DIR });
setSharedDatabase(opened);
const handle = await opened;
const secret = await loadAuthSecret(handle.db, cfg.NEXTAUTH_SECRET);
await setUpChannels(handle.db, cfg, secret);
await seedDemoData(handle.db);
await handle.close();
process.exit(0);
