"use client";
// The tournament form: the format's own settings (drawn from its schema), the game,
// time control and limits, and a live preview from the engine for any number of
// players. The engine explains invalid settings next to the field; the server
// checks everything again with the same schema.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { FormAlert } from "@/components/form";
import { SettingsFields, type SettingValues } from "@/components/formats/settings-fields";
import { settingsNote } from "@/components/formats/pages";
import { FormatPreview } from "@/components/tournament/format-preview";
import { DEFAULT_CLOCK_PRESET_ID, OFFERED_CLOCK_PRESETS, clockPreset } from "@/engine/clock";
import { FORMAT_NAMES, defaultSettings, formatLabel, getFormat, validateSettings, type FormatName } from "@/engine/formats";
import { GAME_CATALOG } from "@/engine/game-catalog";
import { checkGameSettings, onSiteGame } from "@/engine/games/registry";
import { ZCreateTournamentInput } from "@/lib/tournament-rules";
import { useTRPC } from "@/lib/trpc/client";

type Settings = SettingValues;

/** The input fields that show their own problem beneath them; any other problem goes in the form's alert. */
const FIELDS_WITH_ERRORS = new Set([
  "name",
  "description",
  "gameSettings",
  "minPlayers",
  "maxPlayers",
  "minRating",
  "maxRating",
  "registrationClosesAt",
  "startsAt",
]);

function Row({ label, htmlFor, error, children, hint }: { label: string; htmlFor: string; error?: string; children: ReactNode; hint?: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p className="text-sm text-red-700 dark:text-red-400" id={`${htmlFor}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-stone-500">{hint}</p>
      ) : null}
    </div>
  );
}

/** A tournament's current values, when the form edits it instead of creating one. */
export interface TournamentFormValues {
  readonly tournamentId: string;
  readonly name: string;
  readonly description: string;
  readonly format: FormatName;
  readonly settings: Settings;
  readonly gameType: string;
  readonly gameSettings: Readonly<Record<string, number>>;
  readonly initialMs: number;
  readonly incrementMs: number;
  readonly rated: boolean;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly registrationClosesAt: Date | null;
  readonly startsAt: Date | null;
  readonly inviteOnly: boolean;
  /** Players registered so far (the preview starts there). */
  readonly players: number;
}

/** A date as a datetime-local input wants it, in the browser's zone. */
function localInput(d: Date | null): string {
  if (!d) return "";
  const shifted = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

export function CreateTournamentForm({ initial }: { initial?: TournamentFormValues } = {}) {
  const trpc = useTRPC();
  const router = useRouter();
  const create = useMutation(trpc.tournament.create.mutationOptions());
  const edit = useMutation(trpc.tournament.edit.mutationOptions());
  const editing = initial !== undefined;
  const [format, setFormat] = useState<FormatName>(initial?.format ?? "groups");
  const [settings, setSettings] = useState<Settings>(() => ({ ...defaultSettings(initial?.format ?? "groups"), ...initial?.settings }));
  const [gameType, setGameType] = useState(initial?.gameType ?? "hnefatafl");
  // The game's own settings (a backgammon match's length), as text while typed; kept per key across game changes.
  const [gameSettings, setGameSettings] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(initial?.gameSettings ?? {}).map(([k, v]) => [k, String(v)])),
  );
  const gameOptions = onSiteGame(gameType)?.settings ?? [];
  const [timeControl, setTimeControl] = useState(
    (initial && OFFERED_CLOCK_PRESETS.find((p) => p.initialMs === initial.initialMs && p.incrementMs === initial.incrementMs)?.id) ?? DEFAULT_CLOCK_PRESET_ID,
  );
  const [minPlayers, setMinPlayers] = useState(initial?.minPlayers ?? getFormat("groups").minPlayers);
  const [maxPlayers, setMaxPlayers] = useState(initial?.maxPlayers ?? 32);
  const [previewPlayers, setPreviewPlayers] = useState(initial ? Math.max(initial.players, initial.minPlayers) : 16);
  const [startMode, setStartMode] = useState<"organizer" | "scheduled">(initial?.startsAt ? "scheduled" : "organizer");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const engine = getFormat(format);
  const note = settingsNote(format, previewPlayers);
  const problems = useMemo(
    () => validateSettings(format, settings, Math.max(engine.minPlayers, Math.min(previewPlayers, engine.maxPlayers))),
    [format, settings, previewPlayers, engine],
  );
  const preset = clockPreset(timeControl)!;

  function chooseFormat(next: FormatName) {
    setFormat(next);
    setSettings(defaultSettings(next));
    setMinPlayers(getFormat(next).minPlayers);
    setMaxPlayers(Math.min(getFormat(next).maxPlayers, 32));
  }

  /** An error goes away once its field is edited; the rating range is one rule over two fields. */
  function clearErrorOf(e: FormEvent<HTMLFormElement>) {
    const name = (e.target as HTMLInputElement).name || (e.target as HTMLInputElement).id.replace(/^t-/, "");
    const related =
      name === "minRating" || name === "maxRating" ? ["minRating", "maxRating"] : name === "min" || name === "max" ? ["minPlayers", "maxPlayers"] : [name];
    if (related.some((k) => errors[k])) setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !related.includes(k))));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const f = new FormData(e.currentTarget);
    const optionalInt = (name: string) => (String(f.get(name) ?? "").trim() === "" ? null : Number(f.get(name)));
    const parsed = ZCreateTournamentInput.safeParse({
      name: f.get("name"),
      description: f.get("description") ?? "",
      format,
      settings,
      gameType,
      gameSettings: Object.fromEntries(gameOptions.map((o) => [o.key, (gameSettings[o.key] ?? "").trim() === "" ? o.default : Number(gameSettings[o.key])])),
      timeControl,
      rated: f.get("rated") === "on",
      minPlayers,
      maxPlayers,
      minRating: optionalInt("minRating"),
      maxRating: optionalInt("maxRating"),
      registrationClosesAt: f.get("registrationClosesAt") ? new Date(String(f.get("registrationClosesAt"))) : null,
      startsAt: startMode === "scheduled" && f.get("startsAt") ? new Date(String(f.get("startsAt"))) : null,
      inviteOnly: f.get("inviteOnly") === "on",
    });
    if (!parsed.success) {
      const map: Record<string, string> = {};
      for (const issue of parsed.error.issues) map[String(issue.path[0])] ??= issue.message;
      setErrors(map);
      // A problem no field shows (the settings' shape, say) is said above the form, never swallowed.
      const unplaced = Object.entries(map).find(([field]) => !FIELDS_WITH_ERRORS.has(field));
      if (unplaced) setError(unplaced[1]);
      return;
    }
    if (startMode === "scheduled" && !parsed.data.startsAt) {
      setErrors({ startsAt: "Choose when the tournament starts." });
      return;
    }
    // The same check the server makes, so a bad match length is told beside its field.
    try {
      checkGameSettings(onSiteGame(gameType), parsed.data.gameSettings ?? {});
    } catch (err) {
      setErrors({ gameSettings: (err as Error).message });
      return;
    }
    setErrors({});
    try {
      if (initial) {
        await edit.mutateAsync({ tournamentId: initial.tournamentId, tournament: parsed.data });
        router.push(`/tournaments/${initial.tournamentId}`);
        router.refresh();
      } else {
        const t = await create.mutateAsync(parsed.data);
        router.push(`/tournaments/${t.id}`);
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : editing ? "Could not save the changes." : "Could not create the tournament.");
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form onSubmit={onSubmit} onInput={clearErrorOf} className="card space-y-5" noValidate aria-label={editing ? "Edit tournament" : "New tournament"}>
        <FormAlert message={error} />
        <Row label="Name" htmlFor="t-name" error={errors.name}>
          <input id="t-name" name="name" className="input" maxLength={80} required defaultValue={initial?.name} />
        </Row>
        <Row label="Description (optional)" htmlFor="t-description" error={errors.description}>
          <textarea id="t-description" name="description" className="input min-h-20" maxLength={4000} defaultValue={initial?.description} />
        </Row>
        <div className="grid gap-4 sm:grid-cols-2">
          <Row label="Format" htmlFor="t-format">
            <select id="t-format" className="input" value={format} onChange={(e) => chooseFormat(e.target.value as FormatName)}>
              {FORMAT_NAMES.map((f) => (
                <option key={f} value={f}>
                  {formatLabel(f)}
                </option>
              ))}
            </select>
          </Row>
          <Row label="Game" htmlFor="t-game">
            <select id="t-game" className="input" value={gameType} onChange={(e) => setGameType(e.target.value)}>
              {GAME_CATALOG.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                  {g.playedOnSite ? "" : " (results reported)"}
                </option>
              ))}
            </select>
          </Row>
          {gameOptions.map((o) => (
            <Row key={o.key} label={o.label} htmlFor={`g-${o.key}`} error={errors.gameSettings}>
              <input
                id={`g-${o.key}`}
                className="input"
                type="number"
                inputMode="numeric"
                min={o.min}
                max={o.max}
                step={1}
                placeholder={String(o.default)}
                value={gameSettings[o.key] ?? ""}
                onChange={(e) => setGameSettings((s) => ({ ...s, [o.key]: e.target.value }))}
              />
            </Row>
          ))}
        </div>

        <fieldset className="space-y-3 rounded-md border border-stone-200 p-4 dark:border-stone-700">
          <legend className="px-1 text-sm font-semibold">{engine.title} settings</legend>
          <SettingsFields format={format} values={settings} onChange={setSettings} problems={problems} idPrefix="s-" />
          {note ? (
            <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="settings-note">
              {note}
            </p>
          ) : null}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <Row label="Time control" htmlFor="t-time">
            <select id="t-time" className="input" value={timeControl} onChange={(e) => setTimeControl(e.target.value)}>
              {OFFERED_CLOCK_PRESETS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </Row>
          <label className="flex items-center gap-2 self-end text-sm">
            <input type="checkbox" name="rated" defaultChecked={initial?.rated ?? true} /> Rated
          </label>
          <Row label="Fewest players" htmlFor="t-min" error={errors.minPlayers} hint={`${engine.title}: at least ${engine.minPlayers}`}>
            <input id="t-min" type="number" className="input" value={minPlayers} onChange={(e) => setMinPlayers(Number(e.target.value))} />
          </Row>
          <Row label="Most players" htmlFor="t-max" error={errors.maxPlayers}>
            <input id="t-max" type="number" className="input" value={maxPlayers} onChange={(e) => setMaxPlayers(Number(e.target.value))} />
          </Row>
          <Row label="Lowest rating (optional)" htmlFor="t-minRating" error={errors.minRating}>
            <input id="t-minRating" name="minRating" type="number" className="input" defaultValue={initial?.minRating ?? undefined} />
          </Row>
          <Row label="Highest rating (optional)" htmlFor="t-maxRating" error={errors.maxRating}>
            <input id="t-maxRating" name="maxRating" type="number" className="input" defaultValue={initial?.maxRating ?? undefined} />
          </Row>
          <Row label="Registration closes (optional)" htmlFor="t-closes" error={errors.registrationClosesAt}>
            <input
              id="t-closes"
              name="registrationClosesAt"
              type="datetime-local"
              className="input"
              defaultValue={localInput(initial?.registrationClosesAt ?? null)}
              suppressHydrationWarning
            />
          </Row>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Start</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="startMode" checked={startMode === "organizer"} onChange={() => setStartMode("organizer")} /> I start it myself
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="startMode" checked={startMode === "scheduled"} onChange={() => setStartMode("scheduled")} /> Automatically at
            <input
              name="startsAt"
              type="datetime-local"
              className="input w-auto"
              disabled={startMode !== "scheduled"}
              aria-label="Start time"
              defaultValue={localInput(initial?.startsAt ?? null)}
              suppressHydrationWarning
            />
          </label>
          {errors.startsAt && <p className="text-sm text-red-700">{errors.startsAt}</p>}
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="inviteOnly" defaultChecked={initial?.inviteOnly ?? false} className="mt-1" />
          <span>
            Invite only
            <span className="block text-xs text-stone-500">Players join through an invite link you share, and you approve each one.</span>
          </span>
        </label>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={create.isPending || edit.isPending || problems.some((p) => p.field !== "players")}>
            {editing ? (edit.isPending ? "Saving…" : "Save changes") : create.isPending ? "Creating…" : "Create tournament"}
          </button>
          {editing ? (
            <a className="btn-secondary" href={`/tournaments/${initial.tournamentId}`}>
              Discard changes
            </a>
          ) : null}
        </div>
      </form>
      <aside className="space-y-3" aria-label="Preview">
        <div className="card space-y-2">
          <label htmlFor="preview-n" className="block text-sm font-medium">
            Preview with this many players
          </label>
          <input
            id="preview-n"
            type="number"
            min={2}
            max={100000}
            className="input"
            value={previewPlayers}
            onChange={(e) => setPreviewPlayers(Math.max(0, Math.min(100_000, Number(e.target.value) || 0)))}
          />
        </div>
        <FormatPreview
          format={format}
          settings={settings as never}
          players={previewPlayers}
          maxPlayers={maxPlayers}
          timeControl={{ initialMs: preset.initialMs, incrementMs: preset.incrementMs }}
        />
      </aside>
    </div>
  );
}
