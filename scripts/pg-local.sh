#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on loopback for the API and race tests, as the unprivileged
# `postgres` user (PostgreSQL refuses to run as root). Prints the DATABASE_URL to use.
#   scripts/pg-local.sh start   (installs Debian's postgresql when missing)
#   scripts/pg-local.sh stop
set -euo pipefail
PGPORT="${PGPORT:-54329}"
PGDATA="${PGDATA_DIR:-/tmp/honeyleads-pg}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"

run_as_postgres() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "${1:-start}" in
  start)
    if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
      echo "Installing postgresql…" >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2 && apt-get install -y -qq --no-install-recommends postgresql >&2
      BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    fi
    start_server() {
      run_as_postgres "$BIN/pg_ctl -D $PGDATA -o \"-p $PGPORT -h 127.0.0.1 -k /tmp -c max_connections=300 -c fsync=on\" -l $PGDATA/server.log -w start >/dev/null"
    }
    # A data directory left by an earlier start (a stopped server, a rebooted machine) is started
    # again, with its databases (a grown benchmark database takes half an hour to make).
    if ! run_as_postgres "$BIN/pg_isready -h 127.0.0.1 -p $PGPORT -q" && [ -f "$PGDATA/PG_VERSION" ]; then
      start_server || echo "Could not start the PostgreSQL in $PGDATA; making a new one." >&2
    fi
    if ! run_as_postgres "$BIN/pg_isready -h 127.0.0.1 -p $PGPORT -q"; then
      rm -rf "$PGDATA"
      mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" 2>/dev/null || true
      run_as_postgres "$BIN/initdb -D $PGDATA -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null"
      start_server
      run_as_postgres "$BIN/psql -h 127.0.0.1 -p $PGPORT -U postgres -qc \"CREATE ROLE honeyleads LOGIN PASSWORD 'honeyleads' CREATEDB\""
      run_as_postgres "$BIN/psql -h 127.0.0.1 -p $PGPORT -U postgres -qc \"CREATE DATABASE honeyleads OWNER honeyleads\""
    fi
    echo "postgres://honeyleads:honeyleads@127.0.0.1:$PGPORT/honeyleads"
    ;;
  stop)
    [ -n "$BIN" ] && run_as_postgres "$BIN/pg_ctl -D $PGDATA -m fast stop >/dev/null" || true
    ;;
esac
