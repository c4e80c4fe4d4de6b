// The whole Drizzle schema, one file per table group.
export * from "./users";
export * from "./games";
export * from "./tournaments";
export * from "./notifications";
export * from "./ratings";
export * from "./chat";
