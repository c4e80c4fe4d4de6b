import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user: { id: string; name: string };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sv?: number;
    /** This sign-in's id: signing out revokes it (server/auth/session.ts). */
    sid?: string;
  }
}
