// The tournament creation input, shared by the form and the server. The shape is
// checked here; whether the settings make sense for the format is the engine's call
// (engine/formats validateSettings), so the rules live in one place.
import { z } from "zod";
import { CLOCK_PRESETS } from "@/engine/clock";
import { FORMAT_NAMES, type FormatName } from "@/engine/formats";
import { GAME_IDS } from "@/engine/game-catalog";
import { plainText } from "./text-rules";

/** The format ids, in the order the site lists them (the engine's registry). */
export const FORMAT_IDS = FORMAT_NAMES as readonly FormatName[] as [FormatName, ...FormatName[]];

const ZSettingScalar = z.union([z.number().finite(), plainText(z.string().max(40), { label: "A setting" }), z.boolean()]);
/** A setting's value, or a group's values by name (the league's points, the Swiss's tie-breaks); the format's schema says which. */
const ZSettingValue = z.union([ZSettingScalar, z.record(plainText(z.string().max(40), { label: "A setting name" }), ZSettingScalar)]);

/**
 * A game's own settings as the API takes them (a backgammon match's length); which keys
 * and ranges is the game's call (checkGameSettings). Tournaments and challenges share it.
 */
export const ZGameSettings = z.record(
  z.string().regex(/^[a-zA-Z]{1,40}$/, "A game setting's name is a word."),
  z.number().int("A game setting is a whole number."),
);

export const ZCreateTournamentInput = z
  .object({
    name: plainText(z.string().trim().min(3, "The name must be at least 3 characters.").max(80, "The name must be at most 80 characters."), {
      label: "The name",
    }),
    description: plainText(z.string().trim().max(4000, "The description must be at most 4,000 characters."), {
      label: "The description",
      multiline: true,
    }).default(""),
    format: z.enum(FORMAT_IDS, { error: "Choose a format." }),
    settings: z.record(plainText(z.string().max(40), { label: "A setting name" }), ZSettingValue).default({}),
    gameType: z.enum(GAME_IDS, { error: "Choose a game from the list." }),
    /** The game's own settings (a backgammon match's length); which keys and ranges is the game's call. */
    gameSettings: ZGameSettings.optional(),
    timeControl: z.enum(CLOCK_PRESETS.map((p) => p.id) as [string, ...string[]], { error: "Choose a time control from the list." }),
    rated: z.boolean().default(true),
    minPlayers: z.number().int().min(2, "At least 2 players are needed.").max(100_000),
    maxPlayers: z.number().int().min(2).max(100_000, "At most 100,000 players."),
    minRating: z.number().int().min(0).max(4000).nullish(),
    maxRating: z.number().int().min(0).max(4000).nullish(),
    registrationClosesAt: z.coerce.date().nullish(),
    startsAt: z.coerce.date().nullish(),
    /** Players join through an invite link and the organizer approves each one. */
    inviteOnly: z.boolean().optional(),
  })
  .refine((t) => t.maxPlayers >= t.minPlayers, { message: "The most players cannot be fewer than the fewest.", path: ["maxPlayers"] })
  .refine((t) => t.minRating == null || t.maxRating == null || t.maxRating >= t.minRating, {
    message: "The highest rating allowed cannot be below the lowest.",
    path: ["maxRating"],
  });
export type CreateTournamentInput = z.infer<typeof ZCreateTournamentInput>;

/** An edit before the start: the same fields as a new tournament. */
export const ZEditTournamentInput = z.object({
  tournamentId: z.uuid("That is not a tournament id."),
  tournament: ZCreateTournamentInput,
});
export type EditTournamentInput = z.infer<typeof ZEditTournamentInput>;
