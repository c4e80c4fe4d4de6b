// Deadline reminders: the pure rule, and the sweeper queueing each reminder once, per
// the player's own hours, on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { notifications } from "@/db/schema";
import { openTestDatabase } from "@/test/db";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { createGame } from "../game/create-game";
import { dueReminder, queueReminders } from "./sweep-notifications";

const HOUR = 3_600_000;

describe("dueReminder", () => {
  const start = 0;
  const deadline = 72 * HOUR;
  it("is the smallest mark passed, only for marks the turn began above", () => {
    expect(dueReminder([24, 1], deadline, start, 47 * HOUR)).toBeNull();
    expect(dueReminder([24, 1], deadline, start, 48 * HOUR)).toBe(24);
    expect(dueReminder([24, 1], deadline, start, 71.5 * HOUR)).toBe(1);
    expect(dueReminder([24, 1], deadline, start, 72 * HOUR)).toBeNull();
    // A turn that began with 20 hours left gets no 24-hour reminder.
    expect(dueReminder([24, 1], deadline, 52 * HOUR, 60 * HOUR)).toBeNull();
    expect(dueReminder([], deadline, start, 71.5 * HOUR)).toBeNull();
  });
});

describe("queueReminders", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(() => h.close());

  it("reminds the player to move once per mark, with their own hours", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    await apiFor(h, a).notification.updateSettings({ email: "", emailKinds: [], emailDigest: false, reminderHours: [48, 2] });
    const t0 = new Date("2030-01-01T00:00:00Z");
    const game = await h.db.transaction((tx) =>
      createGame(tx, { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 72 * HOUR, incrementMs: 0 }, t0),
    );
    const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);
    const reminders = () =>
      h.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, a.id), eq(notifications.kind, "deadline")));

    await queueReminders(h.db, at(23));
    expect(await reminders()).toHaveLength(0);
    await queueReminders(h.db, at(25));
    await queueReminders(h.db, at(26));
    expect((await reminders()).map((r) => r.payload.hours)).toEqual([48]);
    await queueReminders(h.db, at(70.5));
    await queueReminders(h.db, at(71));
    const all = await reminders();
    expect(all.map((r) => r.payload.hours).sort()).toEqual([2, 48]);
    expect(all.every((r) => r.link === `/games/${game.id}`)).toBe(true);
    // The opponent, not to move, got none.
    expect(
      await h.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, b.id), eq(notifications.kind, "deadline"))),
    ).toHaveLength(0);
  });
});
