import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { TRPCReactProvider } from "@/lib/trpc/client";

export const metadata: Metadata = {
  title: { default: "Moot", template: "%s · Moot" },
  description: "Run and follow board-game tournaments: hnefatafl and more.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Runs before paint so the saved (or system) theme shows without a flash. Without a
// saved choice the page follows the system's theme as it changes (a phone going dark at
// sunset), as it would on a reload.
const themeScript = `try{var m=matchMedia("(prefers-color-scheme: dark)"),t=localStorage.getItem("theme");if(t==="dark"||(!t&&m.matches))document.documentElement.classList.add("dark");m.addEventListener("change",function(e){if(!localStorage.getItem("theme"))document.documentElement.classList.toggle("dark",e.matches)})}catch(e){}`;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased dark:bg-stone-900 dark:text-stone-100">
        <TRPCReactProvider>
          <SiteHeader />
          <main className="mx-auto w-full max-w-5xl px-4 py-8">{children}</main>
          <SiteFooter />
        </TRPCReactProvider>
      </body>
    </html>
  );
}
