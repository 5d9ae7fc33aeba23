// better-auth answers with its own error codes; these are the ones a person can act on.
// Anything else falls back to a generic sentence rather than an English server message.

export type AuthProblem =
  | { key: "rateLimited"; seconds: number }
  | {
      key:
        | "wrongCredentials"
        | "emailTaken"
        | "noSessionCreated"
        | "signUpClosed"
        | "invalidEmail"
        | "passwordTooShort"
        | "passwordTooLong"
        | "generic";
    };

export function authProblem(error: { status?: number; code?: string }, retryAfterSeconds: number | null): AuthProblem {
  if (error.status === 429) return { key: "rateLimited", seconds: Math.max(1, retryAfterSeconds ?? 10) };
  switch (error.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return { key: "wrongCredentials" };
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return { key: "emailTaken" };
    case "SIGN_UP_CLOSED":
      return { key: "signUpClosed" };
    case "INVALID_EMAIL":
      return { key: "invalidEmail" };
    case "PASSWORD_TOO_SHORT":
      return { key: "passwordTooShort" };
    case "PASSWORD_TOO_LONG":
      return { key: "passwordTooLong" };
    default:
      return { key: "generic" };
  }
}
