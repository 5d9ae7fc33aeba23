import { config } from "@/lib/config/env";

/**
 * The origins the app's own pages are served from: APP_URL behind a proxy, else both
 * loopback names on PORT, whichever the browser opened. better-auth's trusted origins and the
 * API's same-origin check use this one list.
 */
export function appOrigins(): string[] {
  const { appUrl, port } = config();
  return appUrl ? [new URL(appUrl).origin] : [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}
