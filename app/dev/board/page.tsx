// /dev/board: a hot-seat playground for the game components, kept for their
// e2e spec and for trying the board on a phone. Not linked from the site.
import type { Metadata } from "next";
import { BoardDemo } from "./board-demo";

export const metadata: Metadata = { title: "Board demo", robots: { index: false, follow: false } };

export default function BoardDemoPage() {
  return <BoardDemo />;
}
