# syntax=docker/dockerfile:1
# The storefront (BFF + built SPA) on the current Node LTS, as a non-root user.
# Set COMMERCE_API_URL to the real commerce backend; without it the sandbox backend runs (demo data).

FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 (the sandbox's database) compiles when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 SANDBOX_DB=/app/.data/sandbox.db
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/dist-server ./dist-server
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node runs as PID 1 directly (not npm), so SIGTERM reaches the graceful shutdown. One BFF process per
# container: scale out with replicas (decision 0011).
# --max-semi-space-size: scripts/build-server.mjs (SERVER_NODE_FLAGS) says why.
CMD ["node", "--max-semi-space-size=32", "dist-server/start.mjs"]
