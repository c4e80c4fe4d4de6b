import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/options";

// Built per request: the secret is loaded from the database at server start.
const handler = (req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) => NextAuth(req as never, ctx as never, authOptions());

export { handler as GET, handler as POST };
