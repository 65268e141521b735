#!/usr/bin/env bash
# A PostgreSQL primary and a streaming read replica of it on loopback, for `npm run bench:api --
# --pg --replica` (issue 36), as the unprivileged `postgres` user. The primary is a server of its
# own (scripts/pg-local.sh on another port and directory), so the replica replays only the bench's
# writes. Prints the primary's DATABASE_URL, then the replica's.
#   scripts/pg-replica.sh start
#   scripts/pg-replica.sh stop
set -euo pipefail
PRIMARY_PORT="${PRIMARY_PORT:-54339}"
REPLICA_PORT="${REPLICA_PORT:-54340}"
PRIMARY_DIR="${PRIMARY_DIR:-/tmp/honeyleads-pg-primary}"
REPLICA_DIR="${REPLICA_DIR:-/tmp/honeyleads-pg-replica}"
HERE="$(cd "$(dirname "$0")" && pwd)"

run_as_postgres() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "${1:-start}" in
  start)
    # The primary (initdb --auth=trust lets 127.0.0.1 connect for replication too).
    PRIMARY_URL="$(PGPORT="$PRIMARY_PORT" PGDATA_DIR="$PRIMARY_DIR" bash "$HERE/pg-local.sh" start | tail -n 1)"
    BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    if ! run_as_postgres "$BIN/pg_isready -h 127.0.0.1 -p $REPLICA_PORT -q"; then
      if [ ! -f "$REPLICA_DIR/standby.signal" ]; then
        rm -rf "$REPLICA_DIR"
        mkdir -p "$REPLICA_DIR" && chown postgres:postgres "$REPLICA_DIR" 2>/dev/null || true
        # A copy of the primary that follows its WAL (-R writes standby.signal and primary_conninfo).
        run_as_postgres "$BIN/pg_basebackup -h 127.0.0.1 -p $PRIMARY_PORT -U postgres -D $REPLICA_DIR -R -X stream -c fast"
        chmod 700 "$REPLICA_DIR"
      fi
      run_as_postgres "$BIN/pg_ctl -D $REPLICA_DIR -o \"-p $REPLICA_PORT -h 127.0.0.1 -k /tmp -c max_connections=300 -c hot_standby=on -c hot_standby_feedback=on\" -l $REPLICA_DIR/server.log -w start >/dev/null"
    fi
    echo "$PRIMARY_URL"
    echo "postgres://honeyleads:honeyleads@127.0.0.1:$REPLICA_PORT/honeyleads"
    ;;
  stop)
    BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    [ -n "$BIN" ] && run_as_postgres "$BIN/pg_ctl -D $REPLICA_DIR -m fast stop >/dev/null" || true
    PGPORT="$PRIMARY_PORT" PGDATA_DIR="$PRIMARY_DIR" bash "$HERE/pg-local.sh" stop
    ;;
esac
