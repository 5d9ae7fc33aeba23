// Its own module, free of zod and the server's error types, so the browser's copy of the
// limit (the forms' guard) does not pull the validation library into every page's JavaScript.
export const PROJECT_NAME_MAX_CHARS = 128;
