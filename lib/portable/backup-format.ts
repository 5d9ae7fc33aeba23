// The operator's backup archive of an embedded instance: every file of DATA_DIR (the PGlite
// database under db/, the users' files, the generated auth secret) at its relative path, plus
// this marker, which restore requires so that an export (or any other zip) is never
// unpacked into a data directory by mistake.

export const BACKUP_MARKER_PATH = "workspace-backup.json";
export const BACKUP_FORMAT_VERSION = 1;

/** The database folder inside DATA_DIR, and proper-lockfile's lock beside it (never copied). */
export const DATABASE_FOLDER = "db";
export const DATABASE_LOCK = "db.lock";
