# Sekolo in production: the compiled server (apps/server/dist) and the built web app, on Node 20,
# as an unprivileged user, with a health check against readiness. docs/deploy.md explains it;
# apps/server/src/production-start.test.ts proves the same layout without a container runtime.

# 1. Build: every workspace's dependencies, then `npm run build` (server compiled, web built).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no compilers, test tools or browsers).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. Run: what was built and checked, nothing else.
FROM node:20-bookworm-slim AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS=--max-semi-space-size=32
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/packages/shared ./packages/shared
COPY --from=build --chown=root:root /app/apps/server/package.json ./apps/server/
COPY --from=build --chown=root:root /app/apps/server/launch ./apps/server/launch
COPY --from=build --chown=root:root /app/apps/server/dist ./apps/server/dist
COPY --from=build --chown=root:root /app/apps/web/package.json ./apps/web/
COPY --from=build --chown=root:root /app/apps/web/build ./apps/web/build
COPY --from=build --chown=root:root /app/scripts ./scripts
# The code is root's and read-only to the server; only /data (embedded database, local uploads,
# backups) is the server's to write.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM finishes in-flight requests and running jobs (up to 20 s) before exiting.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
