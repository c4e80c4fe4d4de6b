// Next.js configuration. Packages with native code or their own file loading are kept
// out of the bundle and loaded by Node, so the server and the bundles share them.
/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "socket.io", "redis", "@socket.io/redis-adapter"],
  poweredByHeader: false,
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
