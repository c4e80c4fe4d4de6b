// Next.js configuration. Packages with native code or their own file loading are kept
// out of the bundle and loaded by Node, so the server and the bundles share them.
/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "socket.io", "redis", "@socket.io/redis-adapter"],
  poweredByHeader: false,
  // The custom server gzips instead (server/compression.ts): Next's compression resets
  // its history at every chunk of a streamed page, which made an RSC payload 5x larger.
  compress: false,
  // Security headers are set by the custom server (server/index.ts) on every response.
};

export default nextConfig;
