// Human labels for time controls, shared by pages.
import { CLOCK_PRESETS } from "@/engine/clock";

export function timeControlLabel(initialMs: number, incrementMs: number): string {
  const preset = CLOCK_PRESETS.find((p) => p.initialMs === initialMs && p.incrementMs === incrementMs);
  return preset?.label ?? `${Math.round(initialMs / 1000)} s + ${Math.round(incrementMs / 1000)} s per move`;
}
