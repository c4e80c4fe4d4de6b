// ESLint (flat config): the recommended JavaScript and typescript-eslint rules, the
// rules of React hooks, and the layers of docs/architecture.md enforced as import
// boundaries (import-x/no-restricted-paths resolves every import, "@/…" and relative
// alike, to a file, so no spelling slips past):
// - engine/ imports nothing of the project outside itself (and no node:*, React or Next);
// - lib/ imports neither server/ nor db/ (only the router's type, for the tRPC client);
// - app/ and components/ never import db/ or server/services (pages read through tRPC);
// - one game's folder (engine/games/<game>, components/games/<game>) never imports
//   another game's folder, and one format's folder (engine/formats/<format>,
//   components/formats/<format>) never imports another format's folder: what two
//   games or formats share lives beside the registry, outside every one's folder;
// - the service folders stand on floors (server/services, docs/architecture.md): a
//   folder imports its own folder and the floors below it, never a folder on its own
//   floor or above; the shared files at the services' root import no folder.
import { readdirSync, statSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";

/** The per-game (per-format) folders under a registry folder (engine/games, components/formats, …). */
const subfolders = (root) => readdirSync(root).filter((name) => statSync(`${root}/${name}`).isDirectory());

/** Zones that keep each folder of a family (games, formats) from importing its siblings' folders, under every root the family has. */
function fenced(roots, what) {
  const names = [...new Set(roots.flatMap(subfolders))];
  return names.flatMap((name) =>
    roots.map((root) => ({
      target: `./${root}/${name}`,
      from: names.filter((other) => other !== name).flatMap((other) => roots.map((r) => `./${r}/${other}`)),
      message: `A ${what}'s folder never imports another ${what}'s folder (${root}/${name}).`,
    })),
  );
}

const zones = [
  {
    target: "./engine",
    from: ["./app", "./components", "./db", "./lib", "./server", "./scripts", "./test", "./e2e", "./bench"],
    message: "engine/ is pure: it imports nothing outside itself.",
  },
  { target: "./lib", from: ["./db"], message: "lib/ is shared with the browser: it never imports db/." },
  {
    target: "./lib",
    from: "./server",
    except: ["./trpc/root.ts"],
    message: "lib/ is shared with the browser: it never imports server/ (only the router's type, for the tRPC client).",
  },
  {
    // Route handlers under app/api are HTTP endpoints beside the tRPC routers and may call services.
    target: ["./app/!(api)/**/*", "./app/*.{ts,tsx}", "./components/**/*"],
    from: ["./db", "./server/services"],
    message: "Pages and components read data through tRPC (lib/trpc), never from db/ or services.",
  },
  ...fenced(["engine/games", "components/games"], "game"),
  ...fenced(["engine/formats", "components/formats"], "format"),
];

/**
 * The floors of server/services, lowest first. A lower floor never imports a higher
 * one (nor a folder beside it on its own floor): games are stored and read below
 * everything, ratings rate them, notices tell people, tournaments pair them, and
 * play/ (every use case that may end a game, with finish-game, the one place a game
 * ends) stands on top because an end reaches ratings, notices and the tournament.
 */
const serviceFloors = [["admin", "auth"], ["game", "chat"], ["rating"], ["notification"], ["tournament", "challenge", "account"], ["play", "player"]];
const serviceFolders = serviceFloors.flat();
const servicesDir = "server/services";
for (const name of readdirSync(servicesDir)) {
  if (statSync(`${servicesDir}/${name}`).isDirectory() && !serviceFolders.includes(name)) {
    throw new Error(`eslint.config.mjs: ${servicesDir}/${name} stands on no floor: add it to serviceFloors.`);
  }
}
const floorZones = [
  {
    target: `./${servicesDir}/*.ts`,
    from: serviceFolders.map((f) => `./${servicesDir}/${f}`),
    message: "The shared files at the root of server/services stand below every floor: they import no service folder.",
  },
  ...serviceFloors.flatMap((floor, level) =>
    floor.map((folder) => ({
      target: `./${servicesDir}/${folder}`,
      from: serviceFloors
        .slice(level)
        .flat()
        .filter((other) => other !== folder)
        .map((other) => `./${servicesDir}/${other}`),
      message: `server/services/${folder} stands on floor ${level} (${floor.join(", ")}): it imports only the floors below it (${
        serviceFloors
          .slice(0, level)
          .map((f) => f.join(", "))
          .join("; ") || "none"
      }) and the shared files at the services' root.`,
    })),
  ),
];

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // The router's type is the contract the tRPC client is typed by; nothing else of it.
      "@typescript-eslint/no-restricted-imports": "off",
    },
  },
  {
    // Tests may reach across the floors: they drive the whole stack.
    files: [`${servicesDir}/**/*.ts`],
    ignores: [`${servicesDir}/**/*.test.ts`],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...zones, ...floorZones] }] },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "@/server/trpc/root", allowTypeImports: true, message: "lib/ may import only the router's type." }] },
      ],
    },
  },
  {
    // The service worker runs in the browser's worker scope.
    files: ["public/**/*.js"],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // Tests beside the engine may read their fixture files.
    files: ["engine/**/*.ts"],
    ignores: ["engine/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^node:", message: "engine/ is pure: no I/O." },
            { regex: "^(react|react-dom|next)(/|$)", message: "engine/ is pure: no framework." },
          ],
        },
      ],
    },
  },
);
