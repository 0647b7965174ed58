# The server as a container: one executable built by the same script the tests run, on a small glibc base.
# docker build -t speed-to-lead . && docker run -p 3000:3000 -v stl-data:/data speed-to-lead
# (compose.yaml runs PostgreSQL, PgBouncer, two servers and a worker.)

# 1. Build: the workspace from its lockfile, then `bun run build:binary` (server/build-binary.ts) -> dist/stl.
FROM node:20-bookworm-slim AS build
RUN npm i -g bun@1.4.4
WORKDIR /src
COPY . .
RUN bun run build:binary

# 2. PgBouncer as Debian packages it (1.18, the version the tests run), for compose.yaml.
FROM debian:12-slim AS pgbouncer
RUN apt-get update && apt-get install -y --no-install-recommends pgbouncer && rm -rf /var/lib/apt/lists/*
USER postgres
EXPOSE 6432
CMD ["pgbouncer", "/etc/pgbouncer/pgbouncer.ini"]

# 3. The server: the executable alone (no Bun, no node_modules, no repository), as a non-root user.
FROM debian:12-slim AS server
RUN useradd --system --uid 10001 --user-group --home-dir /data --create-home stl
COPY --from=build /src/dist/stl /usr/local/bin/stl
USER stl
WORKDIR /data
# The embedded database lives in the volume; with DATABASE_URL set it stays empty.
ENV HOST=0.0.0.0 PORT=3000 PGLITE_DIR=/data/pglite
# The JavaScript heap grows as on a 192 MiB machine, as `bun start` runs it (server/README.md: memory).
ENV BUN_JSC_forceRAMSize=201326592
VOLUME ["/data"]
EXPOSE 3000
# SIGTERM: stop accepting, finish requests in flight and deliveries, close the database (10 s by default).
STOPSIGNAL SIGTERM
# Ready: migrations ran and the database answers (GET /readyz). Liveness alone is GET /healthz (`stl probe /healthz`).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD ["stl", "probe", "/readyz"]
ENTRYPOINT ["stl"]
CMD ["serve"]
