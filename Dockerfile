# syntax=docker/dockerfile:1
# The storefront (BFF + built SPA) on the current Node LTS, as a non-root user.
# Set COMMERCE_API_URL to the real commerce backend. Without it the container refuses to start
# (NODE_ENV=production); SANDBOX=true runs the demo sandbox backend instead, on purpose.
#
# The base image is pinned by digest, so a rebuild gets the same bytes until someone moves it on
# purpose. To move it (monthly, or for a Node or Debian security release), read the current digest
# of the tag and replace it here:
#   docker buildx imagetools inspect node:24-bookworm-slim --format '{{json .Manifest.Digest}}'
# The digest is the multi-platform index's, so the same line builds on amd64 and arm64.
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 (the sandbox's database) compiles when no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The SPA's libraries are build-time dependencies: they end up in dist/. What stays in node_modules
# is what the server runs, without the C sources and objects of a native compile. sharp (the share
# links' preview pictures) is one of them: npm ci installs its prebuilt libvips for the image's
# platform (@img/sharp-linux-x64 or -arm64, glibc: bookworm), and the bundle imports it from there.
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && node scripts/prune-native-leftovers.mjs node_modules

FROM ${NODE_IMAGE}
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 SANDBOX_DB=/app/.data/sandbox.db
WORKDIR /app
# Owned by root and read-only to the server's user: only the data folder (SANDBOX=true) is writable.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The sandbox's product pictures (WebP files, 2.7 MB): the bundle reads them from here.
COPY --from=build /app/server/sandbox/media/pictures ./server/sandbox/media/pictures
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node runs as PID 1 directly (not npm), so SIGTERM reaches the graceful shutdown. One BFF process per
# container: scale out with replicas (decision 0011).
# --max-semi-space-size: scripts/build-server.mjs (SERVER_NODE_FLAGS) says why.
CMD ["node", "--max-semi-space-size=32", "dist-server/start.mjs"]
