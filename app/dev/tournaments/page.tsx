// /dev/tournaments: every tournament view fed by engine simulations with fixed
// seeds (one tournament per format, one still in play) and the creation-form
// preview with its controls. For looking at the components and for their e2e
// spec. Not linked from the site.
import type { Metadata } from "next";
import { TournamentsDemo } from "./tournaments-demo";

export const metadata: Metadata = { title: "Tournament views demo", robots: { index: false, follow: false } };

export default function TournamentsDemoPage() {
  return <TournamentsDemo />;
}
