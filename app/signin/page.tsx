import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { api } from "@/server/trpc/page-caller";
import { safeCallbackUrl } from "@/lib/safe-callback";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await (await api()).account.me()) redirect(callbackUrl);
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-bold">Sign in</h1>
      <SignInForm callbackUrl={callbackUrl} />
      <p className="text-sm">
        New here?{" "}
        <Link className="link" href={`/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
