// page.request is not a browser page: it sends no Origin, and the API refuses a cookie-
// authenticated state change without one (403 forbidden_origin). Set-up calls made with the
// browser's session say they come from the app's own origin, as its pages do.
export const SAME_ORIGIN = { origin: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}` };
