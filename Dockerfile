# syntax=docker/dockerfile:1
# Antics, the Discord bot: a multi-stage build.
#   docker build -t antics .
#   docker run -d --name antics -e DISCORD_TOKEN=... -v antics-data:/data antics
# See docs/discord.md.

# ---- build -------------------------------------------------------------
FROM rust:1-bookworm AS builder
WORKDIR /src
# Sources, migrations (embedded by sqlx::migrate!) and fonts (include_bytes!).
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin antics \
    && cp target/release/antics /usr/local/bin/antics

# ---- run ---------------------------------------------------------------
FROM debian:bookworm-slim
# ca-certificates: the system CA roots, for TLS (the binary also carries its own).
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 antics \
    && useradd --system --uid 10001 --gid antics --home-dir /data --shell /usr/sbin/nologin antics \
    && mkdir -p /data \
    && chown antics:antics /data
COPY --from=builder /usr/local/bin/antics /usr/local/bin/antics

# The SQLite database lives on a volume so games survive new containers.
ENV ANTICS_DB=/data/antics.db
VOLUME ["/data"]
WORKDIR /data
USER 10001:10001

# antics shuts down cleanly on SIGTERM (docker stop): no new interactions,
# the ones under way finish, the database is closed.
STOPSIGNAL SIGTERM
ENTRYPOINT ["antics"]
CMD ["run"]
