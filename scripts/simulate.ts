// Command line for the format simulator (engine/formats/simulate.ts): runs a whole
// tournament with results drawn from the players' ratings and prints a readable
// account of every round, or with --json exactly one JSON document on stdout.
//
//   npm run simulate -- --format NAME --players N --seed S
//                       [format flags, read from its settings schema] [--game-type tafl|chess|roles|race] [--rated] [--json]
//
// Bad flags print the usage on stderr and exit with code 2.

import {
  FORMAT_NAMES,
  GAME_FAMILIES,
  gamesOf,
  getFormat,
  groupsOf,
  isFormatName,
  isGameFamily,
  phasesOf,
  roundStandings,
  simulate,
  simulatedPlayers,
  simulationReport,
  standings,
  type FormatName,
  type GameFamily,
  settingFields,
  settingFlag,
  type SettingField,
  type TournamentState,
  validateSettings,
} from "../engine/formats";

/** A setting as a flag: `--FLAG value`, or `--FLAG` / `--no-FLAG` for yes or no. */
type Flag = { readonly key: string; readonly field: SettingField };

/** Every format's settings as flags, read from its settings schema (engine/formats/settings.ts). */
function flagsOf(format: FormatName): Map<string, Flag> {
  const flags = new Map<string, Flag>();
  const add = (field: SettingField) => {
    if (field.kind === "group") return field.fields.forEach(add);
    flags.set(`--${settingFlag(field)}`, { key: field.key, field });
    if (field.kind === "flag") flags.set(`--no-${settingFlag(field)}`, { key: field.key, field });
  };
  settingFields(getFormat(format).settings).forEach(add);
  return flags;
}

/** A flag as the usage lists it, with its values and default. */
function flagUsage(field: SettingField): string {
  const name = `--${settingFlag(field)}`;
  switch (field.kind) {
    case "flag":
      return `${name} / --no-${settingFlag(field)} (${field.default ? "on" : "off"})`;
    case "choice":
      return `${name} ${field.options.map((o) => o.value).join("|")} (${field.default})`;
    case "integer":
      return `${name} ${field.min}-${field.max} (${field.default})`;
    case "number":
      return `${name} N (${field.default})`;
    case "group":
      return field.fields.map(flagUsage).join("\n");
  }
}

const USAGE = [
  `usage: npm run simulate -- --format ${FORMAT_NAMES.join("|")} --players N --seed S [options] [--json]`,
  "",
  "common:  --game-type tafl|chess|roles|race   --rated (ratings change with results)   --json",
  ...FORMAT_NAMES.flatMap((f) => {
    const format = getFormat(f);
    const flags = settingFields(format.settings).flatMap((field) => flagUsage(field).split("\n"));
    return [
      `${f} (${format.minPlayers}-${format.maxPlayers.toLocaleString("en")} players):${flags.length ? "" : " no settings"}`,
      ...flags.map((l) => `    ${l}`),
    ];
  }),
].join("\n");

class UsageError extends Error {}

interface Cli {
  format: FormatName;
  players: number;
  seed: string;
  json: boolean;
  rated: boolean;
  gameType?: GameFamily;
  settings: Record<string, unknown>;
}

function parse(argv: readonly string[]): Cli {
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  const formatAt = argv.indexOf("--format");
  const format = formatAt >= 0 ? argv[formatAt + 1] : undefined;
  if (!isFormatName(format)) throw new UsageError(format ? `unknown format "${format}"` : "--format is required");
  const cli: Cli = { format, players: NaN, seed: "", json: false, rated: false, settings: {} };
  let seedGiven = false;
  const flags = flagsOf(format);
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    const own = flags.get(flag);
    if (flag === "--format") i++;
    else if (flag === "--json") cli.json = true;
    else if (flag === "--rated") cli.rated = true;
    else if (flag === "--players") {
      const v = value(i++, flag);
      if (!/^\d+$/.test(v)) throw new UsageError(`--players needs a whole number, got "${v}"`);
      cli.players = Number(v);
    } else if (flag === "--seed") {
      cli.seed = value(i++, flag);
      seedGiven = true;
    } else if (flag === "--game-type") {
      const v = value(i++, flag);
      if (!isGameFamily(v)) throw new UsageError(`unknown game type "${v}" (known: ${Object.keys(GAME_FAMILIES).join(", ")})`);
      cli.gameType = v;
    } else if (own) {
      let v: unknown;
      if (own.field.kind === "flag") v = !flag.startsWith("--no-");
      else {
        const text = value(i++, flag);
        v = own.field.kind === "choice" ? text : Number(text);
        if (own.field.kind !== "choice" && (text.trim() === "" || !Number.isFinite(v))) throw new UsageError(`${flag} needs a number, got "${text}"`);
      }
      const [head, tail] = own.key.split(".") as [string, string | undefined];
      if (tail) cli.settings[head] = { ...(cli.settings[head] as object | undefined), [tail]: v };
      else cli.settings[head] = v;
    } else throw new UsageError(`unknown flag "${flag}" for --format ${format}`);
  }
  if (Number.isNaN(cli.players)) throw new UsageError("--players is required");
  if (!seedGiven) throw new UsageError("--seed is required");
  return cli;
}

const result = (r: string | undefined) => r ?? "…";

/** The readable account: every round, group, phase, bye, game, who went on; then the champion. */
function describe(state: TournamentState): string {
  const out: string[] = [];
  const rating = new Map(state.players.map((p) => [p.id, p.rating]));
  out.push(`${getFormat(state.format).title}, ${state.players.length} players, game type ${state.gameType}`);
  out.push(`settings: ${JSON.stringify(state.settings)}`);
  for (const round of state.rounds) {
    out.push("", `== ${round.name}: ${round.seeds.length} players`);
    if (round.pattern) {
      const p = round.pattern;
      out.push(`circle (rating order): ${round.seeds.join(" ")}`);
      out.push(
        `offsets ${p.offsets.join(", ")}${p.offsets.join() !== p.base.join() ? ` (pattern ${p.base.join(", ")}, shifted to avoid rematches)` : ""}; rematches ${p.rematches}`,
      );
    }
    for (const phase of phasesOf(round)) {
      const games = gamesOf(phase)
        .map((g) => `${g.side1}–${g.side2} ${result(g.result?.outcome)}`)
        .join(", ");
      out.push(`phase ${phase.number}: ${games}${phase.byes.length ? `; bye ${phase.byes.join(", ")}` : ""}`);
    }
    const tables = round.phases ? [] : roundStandings(state, round.number);
    groupsOf(round).forEach((group, gi) => {
      if (!round.pattern)
        out.push(`-- ${group.name}: ${group.players.map((p) => `${p} (${round.ratings[round.seeds.indexOf(p)] ?? rating.get(p)})`).join(", ")}`);
      if (group.players.length === 1) out.push(`   ${group.players[0]} is alone: no games, goes on`);
      for (const g of gamesOf(group))
        out.push(`   ${g.side1} v ${g.side2}: ${g.void ? "void" : result(g.result?.outcome)}${g.replayOf ? ` (replay of ${g.replayOf})` : ""}`);
      const rows = tables[gi]?.rows ?? [];
      if (rows.length > 1) out.push(`   order: ${rows.map((r) => `${r.rankLabel}. ${r.player} ${JSON.stringify(r.values)}`).join("; ")}`);
    });
    if (round.status === "complete" && !round.phases) {
      out.push(`advanced: ${round.advanced?.join(", ") || "nobody"}`);
      if (round.eliminated?.length) out.push(`out: ${round.eliminated.join(", ")}`);
    }
  }
  const rows = standings(state);
  out.push("", "== Standings");
  for (const r of rows)
    out.push(`${r.rankLabel.padStart(4)} ${r.player.padEnd(8)} ${r.status.padEnd(10)} ${JSON.stringify(r.values)}${r.why ? `  — ${r.why}` : ""}`);
  const games = state.rounds.reduce(
    (n, r) => n + groupsOf(r).reduce((m, g) => m + gamesOf(g).length, 0) + phasesOf(r).reduce((m, p) => m + gamesOf(p).length, 0),
    0,
  );
  out.push("", `${state.rounds.length} round(s), ${games} games`);
  out.push(state.champions.length === 1 ? `Champion: ${state.champions[0]}` : `Joint champions: ${state.champions.join(", ") || "none"}`);
  if (state.audit.length) {
    out.push("", "== Audit (random and recorded decisions)");
    for (const a of state.audit) out.push(`round ${a.round}: ${a.what} => ${a.decided}`);
  }
  return out.join("\n");
}

function main(): number {
  let cli: Cli;
  try {
    cli = parse(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`error: ${e.message}\n\n${USAGE}\n`);
    return 2;
  }
  const problems = validateSettings(cli.format, cli.settings as never, cli.players);
  if (problems.length > 0) {
    process.stderr.write(`${problems.map((p) => `error: ${p.message}`).join("\n")}\n\n${USAGE}\n`);
    return 2;
  }
  const state = simulate({
    format: cli.format,
    players: simulatedPlayers(cli.players),
    settings: cli.settings as never,
    seed: cli.seed,
    gameType: cli.gameType,
    rated: cli.rated,
  });
  process.stdout.write(cli.json ? `${JSON.stringify(simulationReport(state))}\n` : `${describe(state)}\n`);
  return 0;
}

process.exitCode = main();
