// Server components call the API in-process through a tRPC caller, so pages and the
// browser go through the same procedures, checks and validation.
import { headers } from "next/headers";
import { createContext } from "./init";
import { createCaller } from "./root";

export async function api() {
  return createCaller(await createContext(await headers()));
}
