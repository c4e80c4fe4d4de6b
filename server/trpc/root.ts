// The API: every router merged in one root.
import { createCallerFactory, router } from "./init";
import { accountRouter } from "./routers/account";
import { challengeRouter } from "./routers/challenge";
import { chatRouter } from "./routers/chat";
import { gameRouter } from "./routers/game";
import { notificationRouter } from "./routers/notification";
import { playerRouter } from "./routers/player";
import { tournamentRouter } from "./routers/tournament";

export const appRouter = router({
  account: accountRouter,
  player: playerRouter,
  game: gameRouter,
  challenge: challengeRouter,
  tournament: tournamentRouter,
  notification: notificationRouter,
  chat: chatRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
