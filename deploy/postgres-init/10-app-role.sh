#!/bin/sh
# Runs once, when the database volume is new (the postgres image's /docker-entrypoint-initdb.d). The
# POSTGRES_USER owns the schema and runs the migrations; the app instances sign in as labelport_app, which
# owns nothing and may only add to and read the audit log (docs/decisions/273).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="$APP_DB_PASSWORD" <<'SQL'
CREATE ROLE labelport_app LOGIN PASSWORD :'app_password';
SQL
