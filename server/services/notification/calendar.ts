// Calendars (iCal, made with ical-generator): the pieces both feeds share. The private
// feed per user is user-calendar.ts, each tournament's public schedule
// tournament-calendar.ts.
import ical, { type ICalCalendar } from "ical-generator";

export const EVENT_MS = 15 * 60_000;

export function calendar(name: string): ICalCalendar {
  return ical({ name, prodId: { company: "Moot", product: "Moot", language: "EN" }, ttl: 15 * 60 });
}
