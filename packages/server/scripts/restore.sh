#!/usr/bin/env bash
# Restore of a backup made by backup.sh (docs/operations.md "Restoring"):
#   restore.sh [--force] DUMP [FILES_TAR]     (npm run restore -- [--force] DUMP [FILES_TAR])
# pg_restore of DUMP into DATABASE_URL (--clean --if-exists --no-owner, one transaction, stopping at
# the first error), then FILES_TAR unpacked into DATA_DIR/files. A database that already has tables,
# or a files folder that is not empty, is refused unless --force: a restore replaces what is there.
# Stop every node first; start them with the same keys as before (else sealed results stay closed
# and printed QR codes stop verifying).
set -euo pipefail

usage="usage: restore.sh [--force] DUMP [FILES_TAR]"
force=no
if [ "${1:-}" = --force ]; then
  force=yes
  shift
fi
dump=${1:?$usage}
files=${2:-}
: "${DATABASE_URL:?DATABASE_URL is not set: the database to restore into (postgres://user@host:port/db)}"
data_dir=${DATA_DIR:-./data}
[ -f "$dump" ] || { echo "restore: no dump at $dump" >&2; exit 1; }
[ -z "$files" ] || [ -f "$files" ] || { echo "restore: no files archive at $files" >&2; exit 1; }

tables=$(psql --no-psqlrc --tuples-only --no-align --dbname="$DATABASE_URL" --command \
  "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
if [ "$tables" != 0 ] && [ "$force" != yes ]; then
  echo "restore: the database of DATABASE_URL has $tables tables; restore into an empty one, or pass --force to replace them" >&2
  exit 1
fi
if [ -n "$files" ] && [ -n "$(ls -A "$data_dir/files" 2>/dev/null)" ] && [ "$force" != yes ]; then
  echo "restore: $data_dir/files is not empty; restore into an empty folder, or pass --force to add to it" >&2
  exit 1
fi

pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error \
  --dbname="$DATABASE_URL" "$dump"
echo "database: restored from $dump"

if [ -n "$files" ]; then
  mkdir -p "$data_dir/files"
  tar -xzf "$files" -C "$data_dir/files"
  echo "files: $files unpacked into $data_dir/files"
fi
