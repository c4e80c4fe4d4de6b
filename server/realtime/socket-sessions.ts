// Sockets stay signed in only while their session lives. A socket is authenticated once,
// at its handshake, and may stay connected for days, so whatever ends sessions (sign-out,
// "sign out everywhere", a password change, deletion, a change of role) must reach it
// too. Those announce it (server/auth/session-changes.ts: in every process, through
// Redis, before the service answers), and each of this process's sockets on an ended
// session leaves its user's room and becomes anonymous at once, before any later event
// is sent: it hears none of the user's private events (inbox, challenges accepted) any
// more, and keeps only the public rooms it watches. The session is then read again, and
// a socket whose session still lives (a change of role) is put back in its room.
//
// Changes nobody announced (see session-changes.ts) and tokens that expire are found by
// reading every socket's session again each RECHECK_MS, as pages are.
import type { Socket } from "socket.io";
import type { JWT } from "next-auth/jwt";
import type { Db } from "@/db/client";
import { userRoom } from "@/lib/contracts";
import type { ClientToServerEvents, ServerToClientEvents } from "@/lib/realtime-events";
import { onSessionChange, RECHECK_MS, sessionGeneration, type SessionChange } from "@/server/auth/session-changes";
import { sessionUserFromToken, type Session, type SessionUser } from "@/server/auth/session";

export interface SocketData {
  /** Who the socket speaks for now (null: anonymous). */
  user: SessionUser | null;
  /** The session it was authenticated with, while that may still live. */
  session: Session | null;
  /** sessionGeneration() before the handshake read the session: a change since may have raced it. */
  generation: number;
  /** Bumped by each check, so only the latest one's answer counts. */
  checks: number;
}

type MootSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Read at the handshake; `sessionGeneration` is taken first, so a change during the read is noticed. */
export function handshakeData(read: () => Promise<Session | null>): Promise<SocketData> {
  const generation = sessionGeneration();
  return read().then((session) => ({ user: session?.user ?? null, session, generation, checks: 0 }));
}

const expired = (token: JWT, now: number) => typeof token.exp === "number" && token.exp * 1000 <= now;

/**
 * Keeps the process's signed-in sockets true to their sessions; `join` is called for
 * each new socket, the returned `stop` when the server closes.
 */
export function guardSocketSessions(db: Db): { join(socket: MootSocket): void; stop(): void } {
  const bySid = new Map<string, Set<MootSocket>>();
  const byUser = new Map<string, Set<MootSocket>>();
  const index = (map: Map<string, Set<MootSocket>>, key: string, socket: MootSocket) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(socket);
  };
  const unindex = (map: Map<string, Set<MootSocket>>, key: string, socket: MootSocket) => {
    const set = map.get(key);
    set?.delete(socket);
    if (set?.size === 0) map.delete(key);
  };
  const untrack = (socket: MootSocket, session: Session) => {
    unindex(bySid, session.sid, socket);
    unindex(byUser, session.user.id, socket);
  };

  const makeAnonymous = (socket: MootSocket) => {
    const user = socket.data.user;
    socket.data.user = null;
    if (user) void socket.leave(userRoom(user.id));
  };

  /** Reads the socket's session again; `atOnce`: anonymous meanwhile (the session was announced ended). */
  async function check(socket: MootSocket, atOnce: boolean): Promise<void> {
    const session = socket.data.session;
    if (!session) return;
    const n = ++socket.data.checks;
    if (atOnce) makeAnonymous(socket);
    let user: SessionUser | null = null;
    let failed = false;
    try {
      if (!expired(session.token, Date.now())) user = await sessionUserFromToken(db, session.token);
    } catch (err) {
      // Anonymous until a later check can read it: private events must not flow unchecked.
      console.error("[realtime] could not check a socket's session:", err);
      failed = true;
    }
    if (n !== socket.data.checks || !socket.connected) return;
    if (user) {
      const wasOut = socket.data.user === null;
      socket.data.user = user;
      void socket.join(userRoom(user.id));
      // Out of its room while the session was read again (a change that did not end it:
      // another session's sign-out during its handshake, a change of role): the inbox
      // pings sent meanwhile never reached it, so its pages are told to catch up.
      if (wasOut) socket.emit("inbox");
      return;
    }
    makeAnonymous(socket);
    // An ended session never lives again (versions only grow, a revoked id stays revoked
    // until its token has expired): nothing left to check.
    if (!failed) {
      socket.data.session = null;
      untrack(socket, session);
    }
  }

  const affected = (change: SessionChange): Iterable<MootSocket> => ("sid" in change ? (bySid.get(change.sid) ?? []) : (byUser.get(change.userId) ?? []));
  const everySocket = () => [...bySid.values()].flatMap((set) => [...set]);

  const stopListening = onSessionChange((change) => {
    // "all": announcements may have been lost while Redis was away; read every session again.
    if (change === "all") for (const socket of everySocket()) void check(socket, false);
    else for (const socket of [...affected(change)]) void check(socket, true);
  });
  const recheck = setInterval(() => {
    for (const socket of everySocket()) void check(socket, false);
  }, RECHECK_MS);
  recheck.unref();

  return {
    join(socket) {
      const session = socket.data.session;
      if (!session) return;
      index(bySid, session.sid, socket);
      index(byUser, session.user.id, socket);
      socket.once("disconnect", () => {
        if (socket.data.session) untrack(socket, socket.data.session);
      });
      // Sessions ended while the handshake read this one: it may have read it alive.
      if (sessionGeneration() !== socket.data.generation) void check(socket, true);
    },
    stop() {
      stopListening();
      clearInterval(recheck);
    },
  };
}
