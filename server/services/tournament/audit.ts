// The tournament's audit trail (tournament_audit, shown publicly): who did what and
// when; null actor for what the site did by itself.
import type { Db } from "@/db/client";
import { tournamentAudit } from "@/db/schema";
import type { TournamentAuditAction } from "@/lib/contracts";

export async function audit(tx: Db, tournamentId: string, actorId: string | null, action: TournamentAuditAction, detail = ""): Promise<void> {
  await tx.insert(tournamentAudit).values({ tournamentId, actorId, action, detail });
}
