# toolshelf/ — a plain, standard image: `npm install`, `npm run build`, then the server as
# `npm start` runs it, as the README says. Not built in this project's CI (docker is not available there); see docs/deploy.md.

# --- build: dependencies with their native addons, then the production build -------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# The install's own step checks the Node version (scripts/check-node.cjs), nothing more.
COPY package.json package-lock.json ./
COPY scripts/check-node.cjs scripts/
RUN npm install
COPY . .
# Dev dependencies stay: `npm start`, run in the container by hand, runs scripts/build.ts
# --if-missing first, which imports the bundler.
RUN npm run build

# --- run: Node, Debian's Chromium for screenshots, the app as `node`, Chromium as `nobody` -------
FROM node:24-bookworm-slim
# setpriv comes with util-linux, which the base image has.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium ca-certificates fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX=2: glibc's malloc keeps two arenas instead of one per thread that allocates,
# each holding memory it freed: less resident memory (docs/decisions/030, 035). Optional.
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium \
    HOME=/home/node \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# The database, uploads and outbox: the app's user's alone.
RUN install -d -m 700 -o node -g node /data
VOLUME ["/data"]
EXPOSE 3000
# Alive; load balancers should use /readyz (docs/deploy.md).
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Started as root only to become `node` at once, keeping three capabilities and nothing else:
# CAP_SETUID and CAP_SETGID let the server start each screenshot's Chromium as `nobody`, a user
# that cannot read /data, the app's environment or its process; CAP_KILL lets it stop that
# Chromium when its time or memory runs out (docs/decisions/016). No new privileges after that.
# compose.yaml also drops every other capability from the container.
# The server runs as `npm start` runs it (the build is already made), plus three V8 settings for
# memory: a young generation of at most 8 MB, the old one grown by 35 % before the next full
# collection, and Buffers (stored pages) counted towards when to collect. At 100,000 tools they
# keep the server about 150 MB under the memory it reaches without them (docs/decisions/035 has
# the figures); plain `node build/node/main.js` also works. SIGTERM
# reaches the server, which drains and stops (SHUTDOWN_TIMEOUT_SEC).
CMD ["setpriv", "--reuid=node", "--regid=node", "--init-groups", "--inh-caps=-all,+setuid,+setgid,+kill", "--ambient-caps=-all,+setuid,+setgid,+kill", "--no-new-privs", "--", \
     "node", "--max-semi-space-size=8", "--heap-growing-percent=35", "--external-memory-accounted-in-global-limit", "build/node/main.js"]
