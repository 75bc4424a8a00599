#!/usr/bin/env bash
# Backup of one Tegang installation (docs/operations.md "Backing up"):
#   backup.sh [OUT_DIR]          (npm run backup -- [OUT_DIR]; OUT_DIR defaults to ./backups)
# writes OUT_DIR/tegang-<UTC time>.dump, pg_dump's custom format of DATABASE_URL (every schema: the
# application's, drizzle's migrations, pgboss's jobs), and with STORAGE=local (the default)
# OUT_DIR/tegang-<UTC time>-files.tar.gz of DATA_DIR/files. With STORAGE=s3 it prints the command that
# copies the bucket instead. The keys (TICKET_SIGNING_KEY, RESULT_ENCRYPTION_KEYS) are never in it:
# keep them apart. Use the pg_dump of the server's major version (or newer).
set -euo pipefail
umask 077 # the dump and the archive hold personal data: readable by their owner only

: "${DATABASE_URL:?DATABASE_URL is not set: the database to back up (postgres://user@host:port/db)}"
out_dir=${1:-./backups}
data_dir=${DATA_DIR:-./data}
storage=${STORAGE:-local}
stamp=$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out_dir"

dump="$out_dir/tegang-$stamp.dump"
pg_dump --format=custom --file="$dump" --dbname="$DATABASE_URL"
echo "database: $dump"

if [ "$storage" = s3 ]; then
  echo "files: STORAGE=s3, copy the bucket with its own tools, e.g."
  echo "  aws s3 sync s3://${S3_BUCKET:-<bucket>}/${S3_PREFIX:-} <backup place>/files-$stamp/${S3_ENDPOINT:+ --endpoint-url $S3_ENDPOINT}"
else
  files="$out_dir/tegang-$stamp-files.tar.gz"
  mkdir -p "$data_dir/files"
  tar -czf "$files" -C "$data_dir/files" .
  echo "files: $files"
fi
