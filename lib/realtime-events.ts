// The Socket.IO protocol: typed events in both directions, shared by server and browser.
export interface RealtimeUser {
  id: string;
  username: string;
}

export interface ServerToClientEvents {
  /** A room's data changed; `version` grows by one per change so gaps are visible. */
  changed: (msg: { room: string; version: number }) => void;
}

export interface ClientToServerEvents {
  /** Who the server thinks this socket is (null = anonymous, read-only). */
  whoami: (ack: (user: RealtimeUser | null) => void) => void;
}
