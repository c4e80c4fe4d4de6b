// A second process that takes and releases a tournament's lock again and again, 20 ms
// apart, for tournament.bench.ts: how long a request of the tournament served by another
// server process waits during a round's close, apart from the bench process's own work.
// Arguments: database URL, tournament id, pause in ms. Says "ready" once connected; on
// "take" it answers with each wait in milliseconds since the last "take"; on "take after"
// the same once a request that began after the message has ended (so the request in
// flight when the probed work ended is counted too); on "stop" it ends.
import pg from "pg";

const [url, tournamentId, pause] = process.argv.slice(2);
const client = new pg.Client({ connectionString: url });
await client.connect();
let waits: number[] = [];
let stopping = false;
/** When "take after" came, and no request begun since has ended yet. */
let takeAfter: number | null = null;
process.on("message", (m) => {
  if (m === "take") {
    process.send!(waits);
    waits = [];
  }
  if (m === "take after") takeAfter = performance.now();
  if (m === "stop") stopping = true;
});
process.send!("ready");
while (!stopping) {
  const t0 = performance.now();
  await client.query("begin");
  await client.query("select id from tournaments where id = $1 for update", [tournamentId]);
  await client.query("commit");
  waits.push(performance.now() - t0);
  if (takeAfter !== null && t0 >= takeAfter) {
    takeAfter = null;
    process.send!(waits);
    waits = [];
  }
  await new Promise((resolve) => setTimeout(resolve, Number(pause)));
}
await client.end();
process.disconnect();
