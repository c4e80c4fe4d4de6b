"use client";
// Whether the tournament's games are played on the site (board and clocks) or
// elsewhere and reported. An unplayed game with a page reads "live" only in the
// first case; a reported game is "to play" until someone reports it.
import { createContext, useContext, type ReactNode } from "react";

const PlayedOnSite = createContext(true);

export function PlayedOnSiteProvider({ value, children }: { value: boolean; children: ReactNode }) {
  return <PlayedOnSite.Provider value={value}>{children}</PlayedOnSite.Provider>;
}

export function usePlayedOnSite(): boolean {
  return useContext(PlayedOnSite);
}
