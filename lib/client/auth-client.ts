"use client";

import { createAuthClient } from "better-auth/react";

// Same origin as the pages, so better-auth finds /api/auth without a configured base URL.
export const authClient = createAuthClient();
