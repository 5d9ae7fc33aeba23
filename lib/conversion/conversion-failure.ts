import { config } from "@/lib/config/env";

/** Why a file has no converted text, as a clause after its name (agent errors, the 422). */
export function conversionFailureClause(reason: "error" | "timeout" | "memory"): string {
  switch (reason) {
    case "timeout":
      return `took longer than the server's conversion time limit (${config().conversionTimeoutSeconds} s) to convert to text; it may be too large or too complex`;
    case "memory":
      return `needed more memory than the server's conversion limit (${config().conversionMemoryMb} MB) to convert to text; it may be too large`;
    case "error":
      return "could not be converted to text; the file may be damaged or in an unsupported variant";
  }
}
