# syntax=docker/dockerfile:1

# TradeDesk production image: build with every dependency, run with production ones only.
# Node 22 LTS (Node 20 reached its end of life on 2026-04-30).
FROM node:22-bookworm-slim AS base
WORKDIR /app

FROM base AS build
# Dependencies first, so a code change does not reinstall them.
COPY package.json package-lock.json .npmrc ./
# TradeDesk's patches to three packages: npm ci applies them after installing (package.json
# "postinstall": patch-package; decision 026). The pruning below keeps the patched files and
# runs no install script, so the runtime image needs neither patch-package nor patches/.
COPY patches ./patches
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM base AS runtime
# NODE_OPTIONS: the flags of scripts/server-flags.mjs (a test keeps the two the same).
# MALLOC_ARENA_MAX: glibc keeps a heap per thread that touched it; sharp's image work on
# libuv's threads then left ten 12 MP photos at a peak of 600 MB instead of 390 (decision 034).
# MALLOC_MMAP_THRESHOLD_: a photo's pixel buffers (1 MB and more) are mapped and given back when
# freed, instead of staying in the heap (glibc raises its threshold after the first): through
# the server, ten 12 MP uploads at once peak at 335-346 MB instead of 402-457, as fast.
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/app/data/tradedesk.db \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=1048576 \
    NODE_OPTIONS="--enable-source-maps --max-old-space-size=160 --max-semi-space-size=16"
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# Migrations are applied by the server at start (app/services/db.server.ts).
COPY --from=build /app/db/migrations ./db/migrations
COPY --from=build /app/public ./public
# npm run db:backup / db:restore (plain JavaScript, no dev dependencies).
COPY --from=build /app/scripts/db-backup.mjs ./scripts/db-backup.mjs
# data/ holds the database and the generated session secret; on Fly a volume is mounted
# here. The process runs as root because Fly mounts volumes owned by root.
RUN mkdir -p /app/data
EXPOSE 3000
CMD ["node", "build/server.js"]
