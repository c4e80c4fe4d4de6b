// The process's connection to Redis (REDIS_URL): the one channel several server
// processes share besides the database. Socket.IO's adapter relays events through it,
// sessions learn of revocations through it (server/auth/session-changes.ts), and rate
// limits count in it (server/services/rate-limit.ts). Two connections per process: one
// for commands and publishing, one that only listens (a subscribed connection may send
// nothing else). Kept on globalThis like the database handle: Next's bundles (the
// next-auth route handler) and the custom server must find the same connections.
import { createClient } from "redis";

const newClient = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof newClient>;

export interface SharedRedis {
  /** Commands (counting, publishing). */
  client: RedisClient;
  /** Subscriptions only. */
  subscriber: RedisClient;
  close(): Promise<void>;
}

const slot = globalThis as unknown as { __mootRedis?: SharedRedis };

/** Connects to Redis; the connections become the process's (sharedRedis). */
export async function connectRedis(url: string): Promise<SharedRedis> {
  const client = newClient(url);
  const subscriber = client.duplicate();
  client.on("error", (e: Error) => console.error("[redis]", e.message));
  subscriber.on("error", (e: Error) => console.error("[redis] subscriber:", e.message));
  await Promise.all([client.connect(), subscriber.connect()]);
  const shared: SharedRedis = {
    client,
    subscriber,
    async close() {
      if (slot.__mootRedis === shared) delete slot.__mootRedis;
      await Promise.allSettled([client.close(), subscriber.close()]);
    },
  };
  slot.__mootRedis = shared;
  return shared;
}

/** The process's Redis connections, when REDIS_URL is set. */
export function sharedRedis(): SharedRedis | undefined {
  return slot.__mootRedis;
}
