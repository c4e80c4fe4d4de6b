// Public surface of the format engine: import from "@/engine/formats".
export * from "./types";
export * from "./registry";
export { GAME_FAMILIES, isGameFamily, type FamilyTraits, type GameFamily } from "./game-types";
export { simulate, simulationReport, simulatedPlayers, type SimulationOptions, type SimulationReport } from "./simulate";
export type { ClinchTable } from "./clinch-tables";
export type { ClinchMark, ClinchStatus, ClinchSwing } from "./clinch";
export {
  sideBalance,
  sideBalanceReader,
  tournamentSideBalance,
  warmSideBalances,
  scorePercent,
  type SideBalance,
  type SideBalanceReader,
  type SideRecord,
} from "./side-balance";
export { vec, vecAt, vecItems, vecSize, type Vec } from "./vec";
export { placeOf, rowAt, rowCount, rowOf, standingRow, warmPlaceIndex } from "./standings";
export { findSetting, settingFields, settingFlag, settingLabel, type SettingField, type SettingInfo } from "./settings";
