// Operator command for site admin rights (`npm run admin -- grant NAME`, `revoke NAME`,
// `list`). It opens the same database as the server (DATABASE_URL, or PGlite in
// DATA_DIR: stop the server first there, PGlite allows one process per folder). With
// REDIS_URL, running servers hear of a changed role at once (server/auth/session-changes.ts).
import { openDatabase } from "@/db/client";
import { connectRedis } from "@/server/redis";
import { config, ConfigError } from "@/server/config";
import { AppError } from "@/server/services/errors";
import { listAdmins } from "@/server/services/admin/list-admins";
import { revokeAdmin } from "@/server/services/admin/revoke-admin";
import { grantAdmin } from "@/server/services/admin/grant-admin";

const USAGE = "Usage: npm run admin -- grant NAME | revoke NAME | list";

async function main(args: string[]): Promise<number> {
  const [command, name, ...rest] = args;
  const needsName = command === "grant" || command === "revoke";
  if (!(needsName || command === "list") || (needsName && !name) || rest.length > 0 || (!needsName && name)) {
    console.error(USAGE);
    return 2;
  }
  const cfg = config();
  const handle = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.DATA_DIR });
  const redis = needsName && cfg.REDIS_URL ? await connectRedis(cfg.REDIS_URL) : null;
  try {
    await handle.migrate();
    if (command === "list") {
      const admins = await listAdmins(handle.db);
      if (admins.length === 0) console.log("No account has the admin role.");
      for (const a of admins) console.log(`${a.username}\t${a.id}`);
      if (cfg.ADMIN_ACCOUNT_IDS.length > 0) console.log(`Also admins through ADMIN_ACCOUNT_IDS: ${cfg.ADMIN_ACCOUNT_IDS.join(", ")}`);
    } else {
      console.log(await (command === "grant" ? grantAdmin : revokeAdmin)(handle.db, name!));
    }
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await redis?.close();
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
