# LabelPort: one image for every instance (docs/decisions/200-container-image.md).
# Build:  docker build -t labelport .
# Run:    docker run -p 7400:7400 -v labelport-data:/app/data labelport     (embedded database)
#         docker compose up                                                  (PostgreSQL 16, two instances)

# --- build: every dependency, then the web app and the compiled server ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# --- runtime: production dependencies of the server, the two builds, plain node ---
FROM node:20-bookworm-slim AS runtime
# GLIBC_TUNABLES as in `npm start`: glibc gives freed memory back to the system sooner (decision 219).
# NODE_ENV=production: the server refuses to start without APP_SECRET (`-e APP_SECRET=...`, decision 311).
ENV NODE_ENV=production \
    GLIBC_TUNABLES=glibc.malloc.trim_threshold=131072 \
    HOST=0.0.0.0 \
    PORT=7400 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev --workspace @portal/server --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database lives in /app/data (mount a volume there); with DATABASE_URL it stays empty.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 7400
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form): it stops taking requests and lets running jobs finish.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--wasm-tiering-budget=180000000", "--max-semi-space-size=4", "--max-old-space-size=1024", "apps/server/dist/main.js"]
