# syntax=docker/dockerfile:1
# Production image: build once, run as a non-root user against a real PostgreSQL (DATABASE_URL).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
WORKDIR /app
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The server, the job worker and the migration run compiled (build/server.js, build/worker.js,
# build/migrate.js; compose.yaml runs the set); tsx (a runtime dependency) runs the seed and admin scripts.
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/migrations ./migrations
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/server.ts /app/tsconfig.json /app/remix.config.js /app/tailwind.config.ts ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# DATABASE_URL must point at PostgreSQL in production; SESSION_SECRET, ALTCHA_HMAC_KEY and APP_URL are required too.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# A small service's heap (README, Performance): young generation 4 MB, old generation at most 256 MB.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=256", "build/server.js"]
