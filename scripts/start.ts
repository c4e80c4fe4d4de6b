// `npm start`: builds the site if needed, then runs the server in production mode.
// One command on a fresh clone.
import { ensureBuild } from "./ensure-build";

ensureBuild();
// Next reads NODE_ENV when the server module loads; its types mark it read-only.
Object.assign(process.env, { NODE_ENV: "production" });
await import("../server/index");
