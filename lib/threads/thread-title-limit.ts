// Its own module, free of zod, so the title editor's limit does not pull the validation
// library into the browser's JavaScript.
export const THREAD_TITLE_MAX_CHARS = 200;
