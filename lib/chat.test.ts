import { describe, expect, it } from "vitest";
import { mergeMessages, refreshedMessages, type ChatMessage } from "./chat";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 12, minute)).toISOString();
const msg = (id: string, minute: number): ChatMessage => ({ id, room: "game:x", authorId: "a", author: "alice", text: id, createdAt: at(minute) });
const ids = (list: readonly ChatMessage[]) => list.map((m) => m.id);

describe("chat message lists", () => {
  it("merge keeps each message once, in the server's order (time, then id)", () => {
    const list = [msg("b", 1), msg("d", 3)];
    expect(ids(mergeMessages(list, [msg("c", 1), msg("a", 5), msg("d", 3)]))).toEqual(["b", "c", "d", "a"]);
  });

  it("a refetched newest page drops, within its span, what it no longer holds; keeps older pages and newer live messages", () => {
    const shown = [msg("old", 1), msg("p1", 2), msg("hidden", 3), msg("p2", 4), msg("live", 9)];
    expect(ids(refreshedMessages(shown, [msg("p1", 2), msg("p2", 4)]))).toEqual(["old", "p1", "p2", "live"]);
    expect(refreshedMessages(shown, [])).toEqual([]);
  });
});
