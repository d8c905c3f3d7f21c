/**
 * The largest image an editor may upload, in megabytes: the dashboard checks
 * it before sending, the server again on receipt (src/features/uploads/uploads.ts). Kept
 * apart from the server's checks so the browser can import it.
 */
export const MAX_UPLOAD_MB = 5;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
